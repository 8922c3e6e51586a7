/**
 * What a log line may carry: no secret, hash, token or password, whoever logs it. Every call of
 * the server's logger passes through `logMethod`, which rebuilds each error from a few safe fields
 * (a failed query's text, never its parameters: they hold emails, password hashes and token
 * hashes) and blanks every field whose name says secret; every finished line passes through
 * `streamWrite`, which blanks anything shaped like a credential this server makes.
 */

import type { FastifyServerOptions } from 'fastify';

const REDACTED = '[redacted]';

/** Field names whose values never reach a line, at any depth. */
const SECRET_FIELD = /password|passwd|secret|token|cookie|authorization|hash|salt|totp|private|serverSeed/i;

/** Shapes of credentials this server makes or reads: scrypt hashes, JWTs, console tokens, bearer headers. */
const SECRET_SHAPES = [
  /scrypt\$\d+\$\d+\$\d+\$[\w+/=]+\$[\w+/=]+/g,
  /eyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]+/g,
  /ops_[\w-]{43}(?![\w-])/g,
  /Bearer\s+[^\s"\\]+/gi,
];

/** An error as a log line shows it. */
interface LoggedError {
  type: string;
  message: string;
  code?: string;
  constraint?: string;
  stack?: string;
  cause?: LoggedError;
}

/** `text` with every credential-shaped part blanked. */
function blankSecrets(text: string): string {
  return SECRET_SHAPES.reduce((out, shape) => out.replace(shape, REDACTED), text);
}

/** The message of `error` without values: a failed query (Drizzle's) says its SQL, not its parameters. */
function messageOf(error: Error): string {
  const { query, params } = error as { query?: unknown; params?: unknown };
  if (typeof query === 'string' && params !== undefined) return `Failed query: ${query}`;
  return blankSecrets(error.message);
}

/** `error` rebuilt from safe fields: type, message, code, constraint, the stack's frames and the cause. */
function loggedError(error: Error, depth = 0): LoggedError {
  const type = error.constructor?.name || error.name;
  const message = messageOf(error);
  const { code, constraint_name: constraint } = error as { code?: unknown; constraint_name?: unknown };
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return {
    type,
    message,
    ...(typeof code === 'string' && { code }),
    ...(typeof constraint === 'string' && { constraint }),
    ...(frames.length > 0 && { stack: [`${type}: ${message}`, ...frames].join('\n') }),
    ...(error.cause instanceof Error && depth < 5 && { cause: loggedError(error.cause, depth + 1) }),
  };
}

/** `value` as a log line may show it. */
function loggable(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return blankSecrets(value);
  if (value instanceof Error) return loggedError(value);
  if (typeof value !== 'object' || value === null || depth > 5) return value;
  if (Array.isArray(value)) return value.map((item) => loggable(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, SECRET_FIELD.test(key) ? REDACTED : loggable(inner, depth + 1)]),
  );
}

/** The arguments of a log call, made loggable; an error alone becomes `{ err }` with its safe message. */
function loggableArguments(args: unknown[]): unknown[] {
  const [first, ...rest] = args;
  if (first instanceof Error) {
    const err = loggedError(first);
    return rest.length > 0 ? [{ err }, ...rest.map((arg) => loggable(arg))] : [{ err }, err.message];
  }
  return args.map((arg) => loggable(arg));
}

/** The logger's settings: `level`, `onError` called for each error or worse, and where lines go (stdout by default). */
export function loggerOptions(
  level: string,
  onError: () => void,
  stream?: { write(line: string): void },
): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    ...(stream && { stream }),
    // Errors arrive already rebuilt: pino's own serializer would copy every field of them back.
    serializers: {
      err: (err) => err as unknown as { [key: string]: unknown; type: string; message: string; stack: string },
    },
    hooks: {
      logMethod(args, method, methodLevel) {
        if (methodLevel >= 50) onError();
        method.apply(this, loggableArguments(args) as Parameters<typeof method>);
      },
      streamWrite: blankSecrets,
    },
  };
}
