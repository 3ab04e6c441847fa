import {
  checkSmtpAddresses,
  classifyAddress,
  NO_ALLOWED_HOSTS,
  parseSmtpAllowList,
  SmtpDestinationRefused,
  smtpDestinations,
} from '../../src/mail/smtp-destination';

describe('classifyAddress', () => {
  test.each([
    // IPv4
    ['8.8.8.8', 'public', undefined],
    ['93.184.216.34', 'public', undefined],
    ['127.0.0.1', 'internal', 'loopback'],
    ['127.200.3.4', 'internal', 'loopback'],
    ['10.0.0.5', 'internal', 'private'],
    ['172.16.0.1', 'internal', 'private'],
    ['172.31.255.254', 'internal', 'private'],
    ['192.168.1.10', 'internal', 'private'],
    ['100.64.0.1', 'internal', 'carrierGradeNat'],
    ['0.0.0.0', 'internal', 'unspecified'],
    ['224.0.0.1', 'internal', 'multicast'],
    ['255.255.255.255', 'internal', 'broadcast'],
    ['240.0.0.1', 'internal', 'reserved'],
    ['192.0.2.1', 'internal', 'reserved'],
    ['169.254.1.1', 'never', 'linkLocal'],
    ['169.254.169.254', 'never', 'metadata'],
    ['100.100.100.200', 'never', 'metadata'],
    // IPv6
    ['2606:4700::1111', 'public', undefined],
    ['::1', 'internal', 'loopback'],
    ['::', 'internal', 'unspecified'],
    ['fc00::1', 'internal', 'uniqueLocal'],
    ['fd12:3456::1', 'internal', 'uniqueLocal'],
    ['ff02::1', 'internal', 'multicast'],
    ['2001:db8::1', 'internal', 'reserved'],
    ['64:ff9b::a00:5', 'internal', 'rfc6052'],
    ['fe80::1', 'never', 'linkLocal'],
    ['fd00:ec2::254', 'never', 'metadata'],
    // IPv4-mapped IPv6: judged as the IPv4 address inside
    ['::ffff:127.0.0.1', 'internal', 'loopback'],
    ['::ffff:10.0.0.5', 'internal', 'private'],
    ['::ffff:169.254.169.254', 'never', 'metadata'],
    ['::ffff:8.8.8.8', 'public', undefined],
  ])('When the address is %s, Then it is %s (%s)', (address, kind, range) => {
    expect(classifyAddress(address)).toEqual(range ? { kind, range } : { kind });
  });
});

describe('parseSmtpAllowList', () => {
  test('When SMTP_ALLOWED_HOSTS lists names, addresses and ranges, Then each is read (case, spaces, brackets ignored)', () => {
    const allow = parseSmtpAllowList(' Mailpit , localhost,127.0.0.0/8, [::1], 10.1.2.3 ');
    expect([...allow.names]).toEqual(['mailpit', 'localhost']);
    expect(allow.ranges.map(([base, bits]) => `${base.toString()}/${bits}`)).toEqual([
      '127.0.0.0/8',
      '::1/128',
      '10.1.2.3/32',
    ]);
  });

  test('When it is empty or absent, Then nothing is allowed', () => {
    expect(parseSmtpAllowList('')).toEqual({ names: new Set(), ranges: [] });
    expect(parseSmtpAllowList(undefined)).toEqual({ names: new Set(), ranges: [] });
  });

  test.each(['mail server', 'http://mailpit', '10.0.0.0/99'])(
    'When an entry is malformed (%s), Then it is refused',
    (entry) => {
      expect(() => parseSmtpAllowList(`mailpit,${entry}`)).toThrow();
    },
  );
});

describe('checkSmtpAddresses', () => {
  const allowLoopback = parseSmtpAllowList('127.0.0.0/8,::1');

  test('When every address is public, Then the first is the one to connect to; a reserved (documentation) one is not public', () => {
    expect(checkSmtpAddresses('smtp.example.com', ['203.0.113.9', '8.8.8.8'], NO_ALLOWED_HOSTS)).toEqual({
      allowed: false,
      reason:
        'The SMTP server smtp.example.com resolves to a reserved address (reserved): internal addresses are refused unless the operator lists the host in SMTP_ALLOWED_HOSTS.',
    });
    expect(checkSmtpAddresses('smtp.example.com', ['8.8.8.8', '2606:4700::1111'], NO_ALLOWED_HOSTS)).toEqual({
      allowed: true,
      address: '8.8.8.8',
    });
  });

  test('When one of several addresses is private, Then the name is refused, naming the rule', () => {
    const verdict = checkSmtpAddresses('smtp.example.com', ['8.8.8.8', '10.0.0.5'], NO_ALLOWED_HOSTS);
    expect(verdict).toEqual({
      allowed: false,
      reason:
        'The SMTP server smtp.example.com resolves to a private network address: internal addresses are refused unless the operator lists the host in SMTP_ALLOWED_HOSTS.',
    });
  });

  test('When a loopback address is allowed by range or the name by name, Then it is used', () => {
    expect(checkSmtpAddresses('127.0.0.1', ['127.0.0.1'], allowLoopback)).toEqual({
      allowed: true,
      address: '127.0.0.1',
    });
    expect(checkSmtpAddresses('[::1]', ['::1'], allowLoopback)).toEqual({ allowed: true, address: '::1' });
    expect(checkSmtpAddresses('Mailpit', ['172.18.0.4'], parseSmtpAllowList('mailpit'))).toEqual({
      allowed: true,
      address: '172.18.0.4',
    });
    expect(checkSmtpAddresses('::ffff:127.0.0.1', ['::ffff:127.0.0.1'], allowLoopback)).toMatchObject({
      allowed: true,
    });
  });

  test('When the address is link-local or metadata, Then it is refused even when allowed', () => {
    const everything = parseSmtpAllowList('0.0.0.0/0,::/0,metadata.google.internal,cloud.internal');
    for (const [host, address] of [
      ['169.254.169.254', '169.254.169.254'],
      ['cloud.internal', '169.254.10.1'],
      ['fe80::1', 'fe80::1'],
      ['fd00:ec2::254', 'fd00:ec2::254'],
      ['metadata.google.internal', '169.254.169.254'],
    ] as const) {
      const verdict = checkSmtpAddresses(host, [address], everything);
      expect(verdict.allowed).toBe(false);
      expect(verdict.allowed || verdict.reason).toMatch(/never allowed/);
    }
  });
});

describe('smtpDestinations', () => {
  const lookups: string[] = [];
  const hosts: Record<string, string[]> = { 'mail.partner.example': ['8.8.4.4'] };
  const destinations = smtpDestinations({
    allow: parseSmtpAllowList('localhost'),
    lookup: async (name) => {
      lookups.push(name);
      const addresses = hosts[name];
      if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
      return addresses;
    },
  });

  test('When a name resolves to public addresses, Then the connection goes to the checked address, certificate checked against the name', async () => {
    await expect(destinations.resolve('Mail.Partner.Example.')).resolves.toEqual({
      address: '8.8.4.4',
      servername: 'mail.partner.example',
    });
  });

  test('When an address is named, Then it is not looked up and there is no name to check', async () => {
    lookups.length = 0;
    await expect(destinations.resolve('8.8.8.8')).resolves.toEqual({ address: '8.8.8.8', servername: undefined });
    await expect(destinations.resolve('10.0.0.5')).rejects.toThrow(SmtpDestinationRefused);
    expect(lookups).toEqual([]);
  });

  test('When the metadata name is given, Then it is refused before any lookup', async () => {
    lookups.length = 0;
    await expect(destinations.resolve('metadata.google.internal')).rejects.toThrow(/cloud metadata/);
    expect(lookups).toEqual([]);
  });

  test('When the name does not resolve, Then the resolver error comes through', async () => {
    await expect(destinations.resolve('nowhere.invalid')).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });
});
