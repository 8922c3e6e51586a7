/** The page: header, left column, the stage in the centre and the bet panels below it. */
export function App() {
  return <main className="app">moonrush</main>;
}
