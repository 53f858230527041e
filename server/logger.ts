import { AsyncLocalStorage } from "node:async_hooks";
import crypto from "node:crypto";
import { format } from "node:util";
import type { NextFunction, Request, Response } from "express";

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type LogLevel = keyof typeof LEVELS;

export interface Logger {
  log(level: Exclude<LogLevel, "silent">, msg: string, fields?: Record<string, unknown>): void;
}

/** One JSON object per line on stdout, for the log shipper. */
export function createLogger(min: LogLevel, write: (line: string) => void = (l) => process.stdout.write(l + "\n")): Logger {
  return {
    log(level, msg, fields) {
      if (LEVELS[level] < LEVELS[min]) return;
      write(JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }));
    },
  };
}

/** The request being served, for lines written by code that knows nothing of it (console calls in libraries). */
const currentRequest = new AsyncLocalStorage<{ requestId: string }>();

const CONSOLE_LEVELS = { debug: "debug", log: "info", info: "info", warn: "warn", error: "error" } as const;

/**
 * Sends every console call through the logger: Remix and React write
 * multi-line warnings and stacks with console.warn / console.error, and the log
 * shipper needs one JSON object per line. Returns a function that puts the
 * console back.
 */
export function routeConsole(logger: Logger): () => void {
  const originals = new Map<keyof typeof CONSOLE_LEVELS, (...args: unknown[]) => void>();
  for (const [method, level] of Object.entries(CONSOLE_LEVELS) as [keyof typeof CONSOLE_LEVELS, Exclude<LogLevel, "silent">][]) {
    originals.set(method, console[method]);
    console[method] = (...args: unknown[]) => {
      const request = currentRequest.getStore();
      logger.log(level, format(...args), { source: "console", ...(request ? { requestId: request.requestId } : {}) });
    };
  }
  return () => {
    for (const [method, original] of originals) console[method] = original;
  };
}

const ID_PATTERN = /^[A-Za-z0-9._-]{8,64}$/;

/** Gives every request an id (kept from a trusted proxy) and logs it when the response is done. */
export function requestLog(logger: Logger, trustProxy: boolean) {
  return (req: Request, res: Response, next: NextFunction) => {
    const start = process.hrtime.bigint();
    const incoming = req.get("x-request-id");
    const id = trustProxy && incoming && ID_PATTERN.test(incoming) ? incoming : crypto.randomUUID();
    res.locals.requestId = id;
    res.setHeader("X-Request-Id", id);
    res.on("finish", () => {
      const durationMs = Number(process.hrtime.bigint() - start) / 1e6;
      const isAsset = req.path.startsWith("/assets/") || req.path.startsWith("/art/") || req.path.startsWith("/brands/");
      logger.log(isAsset && res.statusCode < 400 ? "debug" : "info", "request", {
        requestId: id,
        method: req.method,
        path: req.path,
        status: res.statusCode,
        durationMs: Math.round(durationMs * 10) / 10,
        brand: res.locals.brandId ?? null,
      });
    });
    currentRequest.run({ requestId: id }, next);
  };
}
