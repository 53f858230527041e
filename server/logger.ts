import crypto from "node:crypto";
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
    next();
  };
}
