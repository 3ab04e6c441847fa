/**
 * A small seeded PRNG (mulberry32) so the same seed and scale always plan the same business. Each part of the
 * plan draws from its own stream (`stream('orders')`), so adding a field to dealers never reshuffles the orders.
 */

/** A 32-bit hash of a string (FNV-1a), the seed of a stream. */
function hash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export class Random {
  constructor(seed) {
    this.state = typeof seed === 'number' ? seed >>> 0 : hash(String(seed));
  }

  /** [0, 1) */
  next() {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** an integer in [min, max] */
  int(min, max) {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p) {
    return this.next() < p;
  }

  pick(items) {
    return items[Math.floor(this.next() * items.length)];
  }

  /** one of `entries` ([value, weight] pairs) by weight */
  weighted(entries) {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let r = this.next() * total;
    for (const [value, weight] of entries) {
      r -= weight;
      if (r < 0) return value;
    }
    return entries[entries.length - 1][0];
  }

  /** `count` distinct items of `items` (in a random order) */
  sample(items, count) {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy.slice(0, count);
  }

  /** a roughly normal number (sum of uniforms) */
  normal(mean, sd) {
    let sum = 0;
    for (let i = 0; i < 6; i++) sum += this.next();
    return mean + (sum - 3) * sd * Math.SQRT2;
  }
}

/** The stream `name` of the seed `seed`. */
export const stream = (seed, name) => new Random(`${seed}:${name}`);
