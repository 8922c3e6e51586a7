/**
 * Runs the scene on a Pixi application: the one ticker callback (docs/architecture.md "From the server to the pixels"), frame-work
 * metering, adaptive quality, the hidden-tab stop and reduced motion.
 */

import { UPDATE_PRIORITY, type Application, type Container, type Ticker } from 'pixi.js';
import { clockOffsetAtom } from '../state/clockAtom';
import { roundAtom } from '../state/roundAtom';
import { store } from '../state/store';
import { tickAtom } from '../state/tickAtom';
import { FrameMeter } from './FrameMeter';
import { computeFrame, createFrameState } from '../flight/frame';
import { cappedResolution, QualityGovernor } from './QualityGovernor';
import { Scene } from './Scene';
import type { StageTextures } from './textures';

export class SceneRunner {
  readonly scene: Scene;
  readonly frame = createFrameState();
  readonly meter = new FrameMeter();
  readonly quality = new QualityGovernor();
  private readonly disposers: (() => void)[] = [];

  constructor(
    private readonly app: Application,
    mount: Container,
    textures: StageTextures,
  ) {
    this.scene = new Scene(textures);
    mount.addChild(this.scene);
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
    this.watchPage();
  }

  /** Stops the loop and removes the scene. */
  destroy(): void {
    for (const dispose of this.disposers.splice(0)) dispose();
    this.scene.destroy({ children: true });
  }

  private begin(): void {
    this.meter.begin(performance.now());
  }

  /** The one per-frame callback: reads the round and the tick with store.get and moves Pixi objects. */
  private tick(ticker: Ticker): void {
    const offset = store.get(clockOffsetAtom) ?? 0;
    computeFrame(this.frame, store.get(roundAtom), store.get(tickAtom), Date.now(), offset);
    this.scene.update(Math.min(ticker.deltaMS, 100) / 1000, this.frame);
  }

  private end(): void {
    if (this.quality.record(this.meter.end(performance.now()), this.meter.lastGap)) this.applyQuality();
  }

  private applyQuality(): void {
    const { resolution, density } = this.quality.quality;
    const { width, height } = this.app.screen;
    this.app.renderer.resize(width, height, cappedResolution(window.devicePixelRatio) * resolution);
    this.scene.background.setDensity(density);
  }

  /** The tab is shown again: the hidden time and the first frames back say nothing about quality. */
  private resume(): void {
    this.meter.restart();
    this.quality.restart();
    this.app.ticker.start();
  }

  /** A hidden tab renders nothing; prefers-reduced-motion calms the scene. */
  private watchPage(): void {
    const onVisibility = () => (document.hidden ? this.app.ticker.stop() : this.resume());
    document.addEventListener('visibilitychange', onVisibility);
    this.disposers.push(() => document.removeEventListener('visibilitychange', onVisibility));
    const motion = window.matchMedia('(prefers-reduced-motion: reduce)');
    const onMotion = () => (this.scene.calm = motion.matches);
    onMotion();
    motion.addEventListener('change', onMotion);
    this.disposers.push(() => motion.removeEventListener('change', onMotion));
  }
}
