import { describe, expect, it } from 'vitest';
import { toConnectorError } from './connectors/connector.ts';
import { createOutbound, isPrivateAddress } from './outbound.ts';

describe('isPrivateAddress', () => {
  it('refuses private, loopback and link-local addresses, IPv4 and IPv6', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '192.168.0.10',
      '169.254.169.254',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
  });

  it('sees the IPv4 address inside IPv6 forms that reach it: mapped, compatible, NAT64 and 6to4', () => {
    for (const address of [
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::10.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b::192.168.1.1',
      '2002:c0a8:0101::1',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
  });

  it('lets public addresses through, in every form', () => {
    for (const address of [
      '93.184.216.34',
      '2606:4700::1111',
      '::ffff:93.184.216.34',
      '64:ff9b::5db8:d822',
      '2002:5db8:d822::1',
    ]) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });
});

describe('failures of the guarded fetch as connector errors', () => {
  it('names what fetch refused instead of its bare "fetch failed", and a refused connection as unreachable', async () => {
    const outbound = createOutbound({ allowPrivateNetworks: true });
    try {
      // fetch never dials port 1 (a "bad port" of the Fetch standard); nothing listens on port 2.
      const badPort = await outbound.fetch('http://127.0.0.1:1/').catch((error: unknown) => toConnectorError(error));
      expect(badPort).toMatchObject({ code: 'INTEGRATION_REMOTE_ERROR', detail: 'fetch failed: bad port' });
      const refused = await outbound.fetch('http://127.0.0.1:2/').catch((error: unknown) => toConnectorError(error));
      expect(refused).toMatchObject({ code: 'INTEGRATION_UNREACHABLE', detail: 'ECONNREFUSED' });
    } finally {
      await outbound.close();
    }
  });
});
