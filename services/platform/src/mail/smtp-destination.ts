import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where an SMTP server named in Email Settings may be. An admin names the host, so without a check the
 * portal would connect (and send invitation links and the SMTP password) wherever the name points: the
 * cloud metadata service, a database port on the private network. Link-local and metadata addresses are
 * refused always; loopback, private and other non-public ranges unless the operator lists the host in
 * SMTP_ALLOWED_HOSTS. The name is resolved once and the connection goes to the checked address, so a DNS
 * answer that changes between the check and the connection (rebinding) cannot slip through.
 */

/** Every address a host name resolves to (IPv4 and IPv6). */
export type HostLookup = (hostname: string) => Promise<string[]>;

/** The system resolver (`/etc/hosts`, then DNS), as the connection would use it. */
export const systemHostLookup: HostLookup = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/** How an address may be used as an SMTP destination. */
export type AddressClass =
  | { kind: 'public' }
  /** link-local or cloud metadata: never, whatever SMTP_ALLOWED_HOSTS says */
  | { kind: 'never'; range: string }
  /** loopback, private, shared, reserved, …: only when the operator allows the host */
  | { kind: 'internal'; range: string };

/** Instance metadata services reachable without link-local addresses (AWS over IPv6, Alibaba Cloud). */
const METADATA_ADDRESSES = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200']);
/** Names of metadata services refused even before they resolve. */
const METADATA_HOST_NAMES = new Set(['metadata.google.internal', 'metadata.goog']);

const RANGE_WORDS: Record<string, string> = {
  loopback: 'a loopback address',
  private: 'a private network address',
  uniqueLocal: 'a private network address (unique local)',
  carrierGradeNat: 'a shared (carrier-grade NAT) address',
  unspecified: 'an unspecified address',
  multicast: 'a multicast address',
  broadcast: 'a broadcast address',
  linkLocal: 'a link-local address',
  metadata: 'a cloud metadata address',
};

/** The range of an address in words, for the refusal: "a private network address". */
export function describeRange(range: string): string {
  return RANGE_WORDS[range] ?? `a reserved address (${range})`;
}

/** An IPv4-mapped IPv6 address (::ffff:10.0.0.5) is judged as the IPv4 address it carries. */
function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 {
  return ipaddr.process(address.replace(/%.*$/, ''));
}

/** Classifies one IP address (IPv4 or IPv6 text); anything but plain public unicast is not public. */
export function classifyAddress(address: string): AddressClass {
  const parsed = parseAddress(address);
  if (METADATA_ADDRESSES.has(parsed.toNormalizedString()) || METADATA_ADDRESSES.has(parsed.toString())) {
    return { kind: 'never', range: 'metadata' };
  }
  const range = parsed.range();
  if (range === 'linkLocal') return { kind: 'never', range };
  if (range === 'unicast') return { kind: 'public' };
  return { kind: 'internal', range };
}

/** SMTP_ALLOWED_HOSTS parsed: host names, and addresses or CIDR ranges. */
export interface SmtpAllowList {
  names: ReadonlySet<string>;
  ranges: ReadonlyArray<[ipaddr.IPv4 | ipaddr.IPv6, number]>;
}

export const NO_ALLOWED_HOSTS: SmtpAllowList = { names: new Set(), ranges: [] };

const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9_](?:[a-z0-9_-]{0,62}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,62}[a-z0-9_])?)*$/;

function bareHost(host: string): string {
  return host
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
}

/**
 * Parses SMTP_ALLOWED_HOSTS: comma-separated host names (`mailpit`, `localhost`), addresses (`::1`) and CIDR
 * ranges (`127.0.0.0/8`). Throws naming the entry that is none of these.
 */
export function parseSmtpAllowList(value: string | undefined): SmtpAllowList {
  const names = new Set<string>();
  const ranges: Array<[ipaddr.IPv4 | ipaddr.IPv6, number]> = [];
  for (const raw of (value ?? '').split(',')) {
    const entry = bareHost(raw);
    if (!entry) continue;
    const range = entry.includes('/') ? parseRange(entry) : isIP(entry) ? hostRange(entry) : undefined;
    if (range) ranges.push(range);
    else if (!entry.includes('/') && HOST_NAME.test(entry)) names.add(entry);
    else throw new Error(`"${raw.trim()}" is neither a host name, an IP address nor a CIDR range`);
  }
  return { names, ranges };
}

/** A CIDR range (an IPv4-mapped IPv6 one as its IPv4 range), or undefined when malformed. */
function parseRange(entry: string): [ipaddr.IPv4 | ipaddr.IPv6, number] | undefined {
  const text = entry.replace(/^\[(.*)\](\/\d+)$/, '$1$2');
  if (!ipaddr.isValidCIDR(text)) return undefined;
  const [base, bits] = ipaddr.parseCIDR(text);
  if (base.kind() === 'ipv6' && (base as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) {
    return [(base as ipaddr.IPv6).toIPv4Address(), bits - 96];
  }
  return [base, bits];
}

function hostRange(entry: string): [ipaddr.IPv4 | ipaddr.IPv6, number] {
  const address = parseAddress(entry);
  return [address, address.kind() === 'ipv4' ? 32 : 128];
}

function allowedAddress(address: string, allow: SmtpAllowList): boolean {
  const parsed = parseAddress(address);
  return allow.ranges.some(([base, bits]) => base.kind() === parsed.kind() && parsed.match(base, bits));
}

const metadataRefusal = (name: string) =>
  `The SMTP server ${name} is a cloud metadata service, which is never allowed.`;

/** The outcome of checking a host and the addresses it resolved to. */
export type SmtpDestinationVerdict = { allowed: true; address: string } | { allowed: false; reason: string };

/**
 * Checks every address `host` resolved to (the address itself when `host` is one): any link-local or
 * metadata address refuses; any other non-public address refuses unless the host name or the address is in
 * `allow`. Answers the address to connect to, or the reason (a sentence naming the rule).
 */
export function checkSmtpAddresses(host: string, addresses: string[], allow: SmtpAllowList): SmtpDestinationVerdict {
  const name = bareHost(host);
  const literal = isIP(name) !== 0;
  const subject = literal ? `The SMTP server ${name} is` : `The SMTP server ${name} resolves to`;
  if (METADATA_HOST_NAMES.has(name)) return { allowed: false, reason: metadataRefusal(name) };
  if (addresses.length === 0) return { allowed: false, reason: `The SMTP server name ${name} could not be found.` };
  for (const address of addresses) {
    const verdict = classifyAddress(address);
    if (verdict.kind === 'never') {
      return {
        allowed: false,
        reason: `${subject} ${describeRange(verdict.range)}: link-local and cloud metadata addresses are never allowed.`,
      };
    }
    if (verdict.kind === 'internal' && !allow.names.has(name) && !allowedAddress(address, allow)) {
      return {
        allowed: false,
        reason: `${subject} ${describeRange(verdict.range)}: internal addresses are refused unless the operator lists the host in SMTP_ALLOWED_HOSTS.`,
      };
    }
  }
  return { allowed: true, address: addresses[0] as string };
}

/** The SMTP server may not be used: the reason names the rule (a 400 for the admin). */
export class SmtpDestinationRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'SmtpDestinationRefused';
  }
}

/** Where to connect: the checked address, and the name the server's certificate must carry. */
export interface SmtpDestination {
  address: string;
  /** the host name as named (for TLS SNI and certificate checks); undefined for an address */
  servername: string | undefined;
}

export interface SmtpDestinations {
  /**
   * Resolves `host` and checks every address; answers the address to connect to. Rejects with
   * SmtpDestinationRefused, or with the resolver's error (code ENOTFOUND, EAI_AGAIN, ETIMEDOUT).
   */
  resolve(host: string): Promise<SmtpDestination>;
}

export interface SmtpDestinationOptions {
  allow: SmtpAllowList;
  lookup?: HostLookup;
  /** bounds the name resolution (getaddrinfo has no timeout of its own) */
  timeoutMs?: number;
}

function resolutionTimeout(ms: number): Promise<never> {
  return new Promise((_, reject) => {
    const timer = setTimeout(
      () => reject(Object.assign(new Error(`name resolution took longer than ${ms} ms`), { code: 'ETIMEDOUT' })),
      ms,
    );
    timer.unref();
  });
}

export function smtpDestinations(opts: SmtpDestinationOptions): SmtpDestinations {
  const resolveName = opts.lookup ?? systemHostLookup;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  return {
    async resolve(host) {
      const name = bareHost(host);
      const literal = isIP(name) !== 0;
      if (METADATA_HOST_NAMES.has(name)) throw new SmtpDestinationRefused(metadataRefusal(name));
      const addresses = literal ? [name] : await Promise.race([resolveName(name), resolutionTimeout(timeoutMs)]);
      const verdict = checkSmtpAddresses(name, addresses, opts.allow);
      if (!verdict.allowed) throw new SmtpDestinationRefused(verdict.reason);
      return { address: verdict.address, servername: literal ? undefined : name };
    },
  };
}
