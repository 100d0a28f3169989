// `npm run accounts:review`: lists the accounts whose address does not pass today's rule, for the super admin to review.
import 'reflect-metadata';
import { ConfigError, loadConfig } from '../config/app-config.js';
import { openAccountsContext } from './data-context.js';
import { type AccountAddress, UsersService } from './users.service.js';

/** One line per account; the address is quoted, so a space or an invisible character shows. */
const line = ({ id, email, role, rollNumber, createdAt }: AccountAddress) =>
  [id, JSON.stringify(email), role, rollNumber ?? '-', createdAt.toISOString()].join('\t');

try {
  const config = loadConfig(process.env);
  const app = await openAccountsContext(config);
  const accounts = await app.get(UsersService).addressesToReview(config.institutionEmailDomain);
  await app.close();
  if (accounts.length === 0) {
    console.log(`Every account's address is a plain address at ${config.institutionEmailDomain}.`);
  } else {
    console.log(`${accounts.length} account(s) with an address that is not a plain one at ${config.institutionEmailDomain} (nothing was changed):`);
    console.log(['id', 'email', 'role', 'roll number', 'created'].join('\t'));
    for (const account of accounts) console.log(line(account));
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
