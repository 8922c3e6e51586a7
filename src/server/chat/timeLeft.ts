/** How long a mute still runs, in the largest unit that reads well: "1 more minute", "3 more hours", "2 more days". */
export function timeLeft(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  const [amount, unit] =
    minutes < 120
      ? [minutes, 'minute']
      : minutes < 48 * 60
        ? [Math.ceil(minutes / 60), 'hour']
        : [Math.ceil(minutes / 1440), 'day'];
  return `${amount} more ${unit}${amount === 1 ? '' : 's'}`;
}
