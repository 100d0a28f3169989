// `npm run superadmin -- <email> <password> [name]`: creates (or promotes) a super admin account.
import 'reflect-metadata';
import { canonicalEmail, isInstitutionAddress } from '../common/email-address.js';
import { passwordProblem } from '../common/password-rules.js';
import { type AppConfig, ConfigError, loadConfig } from '../config/app-config.js';
import { openAccountsContext } from './data-context.js';
import { SuperAdminService } from './super-admin.service.js';

const USAGE = 'Usage: npm run superadmin -- <email> <password> [name]';
const [rawEmail, password, name] = process.argv.slice(2);

/** Why the arguments cannot make a super admin: the address and the password follow the sign-in form's and the staff rules. */
function argumentProblem(config: AppConfig): string | undefined {
  if (!rawEmail || !password) return 'an e-mail address and a password are required';
  if (!isInstitutionAddress(canonicalEmail(rawEmail), config.institutionEmailDomain))
    return `the e-mail must be a plain address at ${config.institutionEmailDomain}`;
  return passwordProblem('admin', password);
}

try {
  const config = loadConfig(process.env);
  const problem = argumentProblem(config);
  if (problem) {
    console.error(`${USAGE}\n${problem}`);
    process.exit(2);
  }
  const email = canonicalEmail(rawEmail);
  const app = await openAccountsContext(config);
  const outcome = await app.get(SuperAdminService).ensure(email, password, name);
  console.log(`Super admin ${email}: ${outcome}.`);
  await app.close();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
