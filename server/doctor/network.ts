import { lookup as dnsLookup } from 'node:dns/promises';
import { connect as tcpConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { isIpAddress } from './target';

/** Resolves a host name; rejects with a Node error carrying `code` (ENOTFOUND, EAI_AGAIN ...). */
export type Lookup = (host: string) => Promise<readonly { address: string }[]>;

export interface Connected {
  ms: number;
  /** Set for TLS: negotiated protocol and when the certificate expires. */
  tls?: { protocol: string; validTo?: Date };
}

/** Opens a TCP (or TLS, verifying the certificate) connection and closes it again. */
export type Connect = (to: {
  host: string;
  port: number;
  secure: boolean;
  timeoutMs: number;
}) => Promise<Connected>;

export interface NetworkProbe {
  lookup: Lookup;
  connect: Connect;
}

export const systemLookup: Lookup = (host) => dnsLookup(host, { all: true });

export const systemConnect: Connect = ({ host, port, secure, timeoutMs }) =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    let socket: Socket;
    const fail = (error: Error) => {
      socket.destroy();
      reject(error);
    };
    if (secure) {
      const tls = tlsConnect({ host, port, servername: isIpAddress(host) ? undefined : host });
      socket = tls;
      tls.once('secureConnect', () => {
        const ms = performance.now() - started;
        const cert = tls.getPeerCertificate();
        const validTo = cert.valid_to ? new Date(cert.valid_to) : undefined;
        tls.destroy();
        resolve({ ms, tls: { protocol: tls.getProtocol() ?? 'TLS', validTo } });
      });
    } else {
      socket = tcpConnect({ host, port });
      socket.once('connect', () => {
        const ms = performance.now() - started;
        socket.destroy();
        resolve({ ms });
      });
    }
    socket.setTimeout(timeoutMs, () =>
      fail(Object.assign(new Error('connect timeout'), { code: 'ETIMEDOUT' })),
    );
    socket.once('error', fail);
  });

export const systemNetwork: NetworkProbe = { lookup: systemLookup, connect: systemConnect };

/** The first `code` found on an error or its causes (undici wraps socket errors). */
export function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  if ('code' in error && typeof error.code === 'string') return error.code;
  if (error instanceof AggregateError) return errorCode(error.errors[0]);
  if ('cause' in error) return errorCode(error.cause);
  return undefined;
}

const tlsCodes: Readonly<Record<string, string>> = {
  CERT_HAS_EXPIRED: "the server's certificate has expired",
  CERT_NOT_YET_VALID: "the server's certificate is not valid yet (is this machine's clock right?)",
  DEPTH_ZERO_SELF_SIGNED_CERT: "the server's certificate is self-signed",
  SELF_SIGNED_CERT_IN_CHAIN:
    'the certificate chain ends in a self-signed certificate (a proxy intercepting TLS?)',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE:
    "the server's certificate cannot be verified against a trusted authority",
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY:
    "the certificate's issuer is not trusted here (a proxy intercepting TLS?)",
  UNABLE_TO_GET_ISSUER_CERT: "the certificate's issuer cannot be found",
  ERR_TLS_CERT_ALTNAME_INVALID: "the server's certificate is for another host name",
  ERR_SSL_WRONG_VERSION_NUMBER:
    'the server does not speak TLS on this port (http instead of https?)',
  EPROTO: 'the TLS handshake failed (http instead of https, or a proxy in between?)',
};

const tlsHint =
  'If a company proxy inspects TLS, give Node its certificate with NODE_EXTRA_CA_CERTS=/path/to/ca.pem; never turn verification off.';

/** What a network error code means, and what to do, for `host:port`. */
export function explainNetworkError(
  code: string | undefined,
  where: string,
): { detail: string; hint: string } {
  const tls = code ? tlsCodes[code] : undefined;
  if (tls) return { detail: `TLS to ${where} failed: ${tls} (${code}).`, hint: tlsHint };
  if (code?.startsWith('ERR_SSL_') || code?.startsWith('ERR_TLS_')) {
    return { detail: `TLS to ${where} failed (${code}).`, hint: tlsHint };
  }
  switch (code) {
    case 'ENOTFOUND':
    case 'EAI_NONAME':
      return {
        detail: `${where} has no address in DNS (${code}).`,
        hint: 'Check the host name in the configuration.',
      };
    case 'EAI_AGAIN':
      return {
        detail: `The DNS lookup of ${where} failed (${code}): no network, or no DNS server reachable.`,
        hint: "Check this machine's network and DNS settings.",
      };
    case 'ECONNREFUSED':
      return {
        detail: `${where} refused the connection (ECONNREFUSED): nothing listens on that port.`,
        hint: 'Check the host and port of the base URL, and that the service is running.',
      };
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return {
        detail: `${where} did not answer in time (${code}): no network, or a firewall drops the traffic.`,
        hint: "Check this machine's network, proxy and firewall rules for outbound HTTPS.",
      };
    case 'ENETUNREACH':
    case 'EHOSTUNREACH':
      return {
        detail: `No route to ${where} (${code}): this machine has no network to it.`,
        hint: "Check this machine's network connection.",
      };
    case 'ECONNRESET':
    case 'EPIPE':
    case 'UND_ERR_SOCKET':
      return {
        detail: `${where} closed the connection (${code}).`,
        hint: 'A proxy or firewall may be cutting the connection; try again, then check the network path.',
      };
    default:
      return {
        detail: `${where} cannot be reached (${code ?? 'unknown error'}).`,
        hint: "Check the base URL and this machine's network.",
      };
  }
}
