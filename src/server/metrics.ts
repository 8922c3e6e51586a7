/** Prometheus metrics of one server (prom-client); http/metrics.ts serves them at GET /metrics. */

import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export interface Metrics {
  registry: Registry;
  /** Rounds finished, by how they finished (ended or void). */
  rounds: Counter<'state'>;
  /** Connected STOMP sessions. */
  stompSessions: Gauge;
  /** Sockets the server dropped or refused, by reason (slow, silent, protocol, limit). */
  stompDropped: Counter<'reason'>;
  /** Time to write one event to every subscriber of its destination. */
  fanoutSeconds: Histogram;
  /** HTTP request durations by route pattern. */
  httpSeconds: Histogram<'method' | 'route' | 'status'>;
  /** Bet events announced, by type (BET_CREATED, BET_REFUNDED, BET_CANCELED). */
  betEvents: Counter<'event'>;
  /** Hundredths staked (wagered), paid on cash-outs (won) and given back by cancels and voids (returned). */
  betHundredths: Counter<'flow'>;
  /** Time the settler holds the engine: paying a tick's or an end's auto cash-outs, refunding a voided round. */
  settleSeconds: Histogram<'on'>;
}

/** A registry per server (tests run several servers in one process), with Node's default metrics. */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  const registers = [registry];
  return {
    registry,
    rounds: new Counter({
      name: 'moonrush_rounds_total',
      help: 'Rounds finished, by final state',
      labelNames: ['state'],
      registers,
    }),
    stompSessions: new Gauge({ name: 'moonrush_stomp_sessions', help: 'Connected STOMP sessions', registers }),
    stompDropped: new Counter({
      name: 'moonrush_stomp_dropped_total',
      help: 'STOMP sockets dropped by the server',
      labelNames: ['reason'],
      registers,
    }),
    fanoutSeconds: new Histogram({
      name: 'moonrush_fanout_seconds',
      help: 'Time to write one event to all subscribers of its destination',
      buckets: [0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25],
      registers,
    }),
    httpSeconds: new Histogram({
      name: 'moonrush_http_request_duration_seconds',
      help: 'HTTP request durations',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    }),
    betEvents: new Counter({
      name: 'moonrush_bet_events_total',
      help: 'Bet events announced, by type',
      labelNames: ['event'],
      registers,
    }),
    betHundredths: new Counter({
      name: 'moonrush_bet_hundredths_total',
      help: 'Coin hundredths wagered, won on cash-outs and returned by cancels and voided rounds',
      labelNames: ['flow'],
      registers,
    }),
    settleSeconds: new Histogram({
      name: 'moonrush_settle_seconds',
      help: 'Time to settle the bets a tick, a round end or a voided round reaches',
      labelNames: ['on'],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
      registers,
    }),
  };
}
