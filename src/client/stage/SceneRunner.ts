/**
 * Runs the scene on a Pixi application: the one ticker callback (docs/architecture.md "From the
 * server to the pixels"), frame-work metering, adaptive quality, the hidden-tab stop and reduced
 * motion. It knows neither the page nor the store: the round comes from a feed, the page's size,
 * visibility, motion preference and words from its host (stageWorker.ts or pageStage.ts).
 */

import { UPDATE_PRIORITY, type Application, type Ticker } from 'pixi.js';
import type { RoundState } from '../state/roundAtom';
import type { TickState } from '../state/tickAtom';
import { FrameMeter } from './FrameMeter';
import { computeFrame, createFrameState } from '../flight/frame';
import { cappedResolution, QualityGovernor } from './QualityGovernor';
import { Scene } from './Scene';
import type { StageTextures } from './textures';
import type { StageWords } from './words';

/** What the stage draws from, read on every frame. */
export interface StageFeed {
  round(): RoundState;
  tick(): TickState;
  /** Server time minus this device's, in ms (0 until measured). */
  clockOffset(): number;
}

export class SceneRunner {
  readonly scene: Scene;
  readonly frame = createFrameState();
  readonly meter = new FrameMeter();
  readonly quality = new QualityGovernor();
  private readonly disposers: (() => void)[] = [];

  constructor(
    private readonly app: Application,
    textures: StageTextures,
    words: StageWords,
    private readonly feed: StageFeed,
    private devicePixelRatio: number,
  ) {
    this.scene = new Scene(textures, words);
    app.stage.addChild(this.scene);
    this.scene.resize(app.screen.width, app.screen.height);
    app.ticker.add(this.begin, this, UPDATE_PRIORITY.HIGH);
    app.ticker.add(this.tick, this);
    app.ticker.add(this.end, this, UPDATE_PRIORITY.UTILITY);
    this.disposers.push(() => {
      app.ticker.remove(this.begin, this);
      app.ticker.remove(this.tick, this);
      app.ticker.remove(this.end, this);
    });
    const onResize = (width: number, height: number) => this.scene.resize(width, height);
    app.renderer.on('resize', onResize);
    this.disposers.push(() => app.renderer.off('resize', onResize));
  }

  /** Stops the loop and removes the scene. */
  destroy(): void {
    for (const dispose of this.disposers.splice(0)) dispose();
    this.scene.destroy({ children: true });
  }

  /** The stage's area changed size (CSS pixels) or moved to a screen of another density. */
  resize(width: number, height: number, devicePixelRatio: number): void {
    this.devicePixelRatio = devicePixelRatio;
    this.app.renderer.resize(width, height, this.resolution());
  }

  /** A hidden tab renders nothing. */
  setVisible(visible: boolean): void {
    if (!visible) this.app.ticker.stop();
    else if (!this.app.ticker.started) this.resume();
  }

  /** prefers-reduced-motion calms the scene. */
  setCalm(calm: boolean): void {
    this.scene.calm = calm;
  }

  setWords(words: StageWords): void {
    this.scene.setWords(words);
  }

  private begin(): void {
    this.meter.begin(performance.now());
  }

  /** The one per-frame callback: reads the feed and moves Pixi objects. */
  private tick(ticker: Ticker): void {
    computeFrame(this.frame, this.feed.round(), this.feed.tick(), Date.now(), this.feed.clockOffset());
    this.scene.update(Math.min(ticker.deltaMS, 100) / 1000, this.frame);
  }

  private end(): void {
    if (this.quality.record(this.meter.end(performance.now()), this.meter.lastGap)) this.applyQuality();
  }

  private resolution(): number {
    return cappedResolution(this.devicePixelRatio) * this.quality.quality.resolution;
  }

  private applyQuality(): void {
    const { width, height } = this.app.screen;
    this.app.renderer.resize(width, height, this.resolution());
    this.scene.background.setDensity(this.quality.quality.density);
  }

  /** The tab is shown again: the hidden time and the first frames back say nothing about quality. */
  private resume(): void {
    this.meter.restart();
    this.quality.restart();
    this.app.ticker.start();
  }
}
