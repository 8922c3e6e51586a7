/** The whole space scene: background, axes, curve, rocket, crash, readout and loader, drawn from one FrameState. */

import { Container } from 'pixi.js';
import { Axes } from './Axes';
import { Background } from './Background';
import { CrashEffect } from './CrashEffect';
import { Curve } from './Curve';
import { flightLayout } from './flightLayout';
import type { FrameState, Phase } from '../flight/frame';
import { MultiplierReadout } from './MultiplierReadout';
import { fitView, MIN_VIEW, plotBox, plotX, plotY, ROCKET_HELD_AT, type PlotBox, type PlotView } from './plot';
import { Rocket } from './Rocket';
import { RoundLoader } from './RoundLoader';
import type { StageTextures } from './textures';
import type { StageWords } from './words';
import { rateAt } from '../../shared/growth';

const TANGENT_MS = 250;
const FLY_AWAY_SECONDS = 1.2;

export class Scene extends Container {
  readonly background: Background;
  readonly axes = new Axes();
  readonly curve = new Curve();
  readonly rocket: Rocket;
  readonly crash: CrashEffect;
  readonly readout: MultiplierReadout;
  readonly loader: RoundLoader;
  /** prefers-reduced-motion: calm background, no shake or flash. */
  calm = false;
  private readonly world = new Container();
  private readonly view: PlotView = { ...MIN_VIEW };
  private box: PlotBox = plotBox(1, 1);
  /** Share of the plot height the rocket is held at, below the readout on small stages. */
  private rise = ROCKET_HELD_AT;
  private phase: Phase = 'loading';
  private sincePhase = 0;
  private heading = 0;
  private shakeTime = 0;

  constructor(textures: StageTextures, words: StageWords) {
    super();
    this.readout = new MultiplierReadout(words);
    this.loader = new RoundLoader(words);
    this.axes.setWords(words);
    this.background = new Background(textures);
    this.rocket = new Rocket(textures);
    this.crash = new CrashEffect(textures);
    this.world.addChild(this.axes, this.curve, this.rocket, this.readout, this.loader);
    this.addChild(this.background, this.world, this.crash);
    this.reset();
  }

  /** The page switched language. */
  setWords(words: StageWords): void {
    this.readout.setWords(words);
    this.loader.setWords(words);
    this.axes.setWords(words);
  }

  /** Draws one frame; `dt` in seconds. Allocates nothing. */
  update(dt: number, frame: FrameState): void {
    if (frame.phase !== this.phase) this.enter(frame.phase);
    this.sincePhase += dt;
    this.background.calm = this.calm;
    const flying = frame.phase === 'flying';
    const crashed = frame.phase === 'crashed';
    const target = flying ? Math.min(420, 60 + 140 * Math.log(frame.rate)) : crashed ? 0 : 24;
    this.background.speed += (target - this.background.speed) * Math.min(1, dt * (crashed ? 1.5 : 3));
    this.background.update(dt);

    const inFlight = flying || crashed;
    this.loader.visible = frame.phase === 'waiting' || frame.phase === 'loading';
    this.readout.visible = this.curve.visible = this.rocket.visible = inFlight;
    if (this.loader.visible) this.loader.show(frame.phase === 'waiting' ? frame.countdownMs : null, frame.windowMs);
    if (inFlight) this.drawFlight(dt, frame);
    this.crash.update(dt);
    this.shakeTime += dt;
    const shake = this.calm ? 0 : this.crash.shake * 6;
    this.world.position.set(Math.sin(this.shakeTime * 71) * shake, Math.cos(this.shakeTime * 53) * shake);
  }

  resize(width: number, height: number): void {
    this.box = plotBox(width, height);
    this.background.resize(width, height);
    this.axes.resize(this.box);
    this.curve.resize(width);
    this.rocket.resize(width, height);
    this.crash.resize(width, height);
    const layout = flightLayout(this.box, width, Math.max(this.rocket.reach, this.crash.reach(this.rocket.scale.x)));
    this.rise = layout.rise;
    this.readout.resize(layout.x, layout.y, layout.size, layout.captionBelow);
    this.loader.resize(this.box.left + this.box.width / 2, this.box.top + this.box.height * 0.4, width);
  }

  /** A fresh round: rocket home, curve empty, window at its minimum. */
  reset(): void {
    this.view.maxMs = MIN_VIEW.maxMs;
    this.view.maxRate = MIN_VIEW.maxRate;
    this.rocket.reset();
    this.curve.reset();
    this.crash.reset();
    this.readout.reset();
    this.loader.reset();
    this.axes.draw(this.view, this.box);
  }

  /** The plot box now in use (tests check positions against it). */
  get plot(): PlotBox {
    return this.box;
  }

  private drawFlight(dt: number, frame: FrameState): void {
    const crashed = frame.phase === 'crashed';
    fitView(this.view, frame.elapsedMs, frame.rate, this.rise);
    this.axes.draw(this.view, this.box);
    this.curve.draw(frame.elapsedMs, this.view, this.box);
    const x = this.curve.tipX;
    const y = this.curve.tipY;
    if (!crashed) {
      const before = Math.max(0, frame.elapsedMs - TANGENT_MS);
      const dx = x - plotX(before, this.view, this.box);
      const dy = y - plotY(rateAt(before), this.view, this.box);
      this.heading = dx === 0 && dy === 0 ? 0 : Math.atan2(dy, dx);
      this.rocket.update(dt, x, y, this.heading, Math.min(1, Math.log(frame.rate)));
    } else {
      const t = Math.min(this.sincePhase, FLY_AWAY_SECONDS);
      const distance = t * t * 900;
      this.rocket.update(
        dt,
        x + Math.cos(this.heading - 0.25) * distance,
        y + Math.sin(this.heading - 0.25) * distance,
        this.heading - 0.25,
        1,
      );
      this.rocket.alpha = Math.max(0, 1 - t / FLY_AWAY_SECONDS);
      this.curve.setFade(Math.min(1, this.sincePhase * 2));
    }
    this.readout.show(frame.shown, crashed, frame.lag);
  }

  private enter(phase: Phase): void {
    const previous = this.phase;
    this.phase = phase;
    this.sincePhase = 0;
    if (phase === 'waiting' || phase === 'flying') this.reset();
    if (phase === 'crashed' && previous === 'flying') {
      this.crash.play(this.curve.tipX, this.curve.tipY, this.rocket.scale.x, !this.calm);
    }
  }
}
