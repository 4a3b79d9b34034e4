import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import { MemoryRateLimitStore, RedisRateLimitStore } from '../../src/plugins/rate-limit.ts';
import { rollingRuleCases } from '../helpers/rolling-rule-cases.ts';
import { REDIS_URL } from './helpers.ts';

/** The rolling rules (decision 105) on Redis: the same cases as the memory and database stores. */

let redis: Redis;
beforeAll(() => {
  redis = new Redis(REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 1 });
});
afterAll(async () => {
  await redis.quit();
});

describe('rolling rules (Redis store)', () => {
  rollingRuleCases(
    () =>
      new RedisRateLimitStore(
        redis,
        `mediadiet-test-${Math.random().toString(36).slice(2)}:`,
        new MemoryRateLimitStore(),
        { warn: () => {}, info: () => {} } as unknown as FastifyBaseLogger,
      ),
  );
});
