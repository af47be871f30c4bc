import { startIdentityProvider } from '../server/proxy/test-support/identity-provider';
import { e2eEnv } from './env';

// The OpenID provider of the end-to-end stack: started by Playwright beside the console.
const provider = await startIdentityProvider({
  consoleOrigins: [e2eEnv.consoleUrl],
  port: e2eEnv.identityProviderPort,
});
process.stdout.write(`identity provider at ${provider.issuer}\n`);
const stop = () => void provider.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
