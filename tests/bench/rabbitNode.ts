/**
 * A throwaway RabbitMQ node with the Web-STOMP plugin, for the fan-out benchmark's comparison: its
 * own epmd, ports, config, data and log folders in a temp dir, nothing of the machine's own RabbitMQ
 * touched, and everything stopped and removed by stop() (also when the benchmark process exits on a
 * failure). Debian's package: `apt-get install -y rabbitmq-server`.
 */

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitForPort } from '../server/freePort';

/** The broker's own start script (/usr/sbin/rabbitmq-server would switch to the rabbitmq user). */
const SERVER_SCRIPT = '/usr/lib/rabbitmq/bin/rabbitmq-server';
export const rabbitInstalled = existsSync(SERVER_SCRIPT);
export const HOW_TO_INSTALL = 'apt-get update && apt-get install -y rabbitmq-server';

export interface RabbitNode {
  /** ws://127.0.0.1:PORT/ws, Web-STOMP's endpoint. */
  ws: string;
  /** The beam.smp process: the whole broker. */
  pid: number;
  stop(): Promise<void>;
}

/** Starts the node and resolves once Web-STOMP listens. */
export async function startRabbit(): Promise<RabbitNode> {
  const dir = mkdtempSync(join(tmpdir(), 'moonrush-rabbitmq-'));
  const ports = new Set<number>();
  while (ports.size < 5) ports.add(await freePort());
  const [amqp, stomp, webStomp, dist, epmdPort] = [...ports] as [number, number, number, number, number];
  writeFileSync(
    join(dir, 'rabbitmq.conf'),
    [
      `listeners.tcp.default = 127.0.0.1:${amqp}`,
      `stomp.listeners.tcp.1 = 127.0.0.1:${stomp}`,
      `web_stomp.tcp.ip = 127.0.0.1`,
      `web_stomp.tcp.port = ${webStomp}`,
      // Subscribers CONNECT without a login, as moonrush's do.
      'stomp.default_user = guest',
      'stomp.default_pass = guest',
      'log.console = false',
      'log.file.level = warning',
    ].join('\n') + '\n',
  );
  writeFileSync(join(dir, 'enabled_plugins'), '[rabbitmq_web_stomp].\n');
  const env = {
    ...process.env,
    HOME: dir, // the Erlang cookie
    ERL_EPMD_PORT: String(epmdPort),
    RABBITMQ_NODENAME: `moonrush-bench-${process.pid}@localhost`,
    RABBITMQ_DIST_PORT: String(dist),
    RABBITMQ_CONFIG_FILE: join(dir, 'rabbitmq.conf'),
    RABBITMQ_ADVANCED_CONFIG_FILE: join(dir, 'advanced.config'),
    RABBITMQ_ENABLED_PLUGINS_FILE: join(dir, 'enabled_plugins'),
    RABBITMQ_MNESIA_BASE: join(dir, 'mnesia'),
    RABBITMQ_LOG_BASE: join(dir, 'log'),
    RABBITMQ_PID_FILE: join(dir, 'pid'),
    RABBITMQ_CONF_ENV_FILE: '/dev/null',
    // The script then execs the VM itself: the child is beam.smp, and SIGTERM stops it cleanly.
    RUNNING_UNDER_SYSTEMD: 'true',
  };
  spawnSync('epmd', ['-port', String(epmdPort), '-daemon']);
  const beam = spawn(SERVER_SCRIPT, [], { env, stdio: 'ignore' });
  let stopped = false;
  const cleanUp = () => {
    if (stopped) return;
    stopped = true;
    beam.kill('SIGKILL');
    spawnSync('epmd', ['-port', String(epmdPort), '-kill']);
    rmSync(dir, { recursive: true, force: true });
  };
  process.on('exit', cleanUp);
  const node: RabbitNode = {
    ws: `ws://127.0.0.1:${webStomp}/ws`,
    pid: beam.pid!,
    async stop() {
      if (beam.exitCode === null && beam.signalCode === null) {
        const exited = new Promise((resolve) => beam.once('exit', resolve));
        beam.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
      }
      cleanUp();
    },
  };
  try {
    await waitForPort(webStomp, 120_000);
  } catch (error) {
    await node.stop();
    throw error;
  }
  return node;
}
