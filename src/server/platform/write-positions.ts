import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * Each member's last write position (the primary's WAL position, an LSN, once their write committed), kept long
 * enough that a replica within the lag allowed has replayed it by the time the entry goes. With REDIS_URL every
 * instance reads the same positions (a member's next read may reach another instance); otherwise they are kept in
 * this process. A position is only ever raised: two writes finishing out of order keep the later one.
 */
export type WritePositions = {
  get: (memberId: number) => Promise<bigint | null>;
  raise: (memberId: number, lsn: bigint) => Promise<void>;
  close: () => Promise<void>;
};

/** Positions as fixed-width hex, so Redis compares them as strings in order. */
const asText = (lsn: bigint) => lsn.toString(16).padStart(16, '0');

/** SET the key to ARGV[1] (for ARGV[2] ms) unless it already holds a later position. */
const RAISE = `local current = redis.call('GET', KEYS[1])
if (not current) or current < ARGV[1] then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) end
return 1`;

export function createWritePositions(options: {
  redisUrl?: string;
  prefix: string;
  keepMs: number;
  log: FastifyBaseLogger;
}): WritePositions {
  const local = new Map<number, { lsn: bigint; until: number }>();
  const localGet = (memberId: number) => {
    const entry = local.get(memberId);
    if (!entry) return null;
    if (entry.until > Date.now()) return entry.lsn;
    local.delete(memberId);
    return null;
  };
  const localRaise = (memberId: number, lsn: bigint) => {
    const current = localGet(memberId);
    if (current === null || current < lsn) local.set(memberId, { lsn, until: Date.now() + options.keepMs });
    // Expired entries go as the map is written.
    if (local.size > 10_000) for (const [id, entry] of local) if (entry.until <= Date.now()) local.delete(id);
  };
  if (!options.redisUrl) {
    return { get: async (id) => localGet(id), raise: async (id, lsn) => localRaise(id, lsn), close: async () => {} };
  }
  const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
  let warned = false;
  redis.on('error', (error) => {
    if (!warned) options.log.warn({ err: error }, 'write positions: Redis unavailable, reads after a write go to the primary');
    warned = true;
  });
  redis.on('ready', () => void (warned = false));
  const key = (memberId: number) => `${options.prefix}:lsn:${memberId}`;
  return {
    async get(memberId) {
      // This instance's own record answers too; with Redis away, a member who wrote here still reads their write.
      const mine = localGet(memberId);
      try {
        const text = await redis.get(key(memberId));
        const shared = text ? BigInt(`0x${text}`) : null;
        return shared !== null && (mine === null || shared > mine) ? shared : mine;
      } catch {
        // Unknown: the read goes to the primary, which has every write.
        return 0xffffffffffffffffn;
      }
    },
    async raise(memberId, lsn) {
      localRaise(memberId, lsn);
      await redis.eval(RAISE, 1, key(memberId), asText(lsn), String(options.keepMs)).catch(() => {});
    },
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
