/**
 * Self sign-up and e-mail verification (SPEC §3, §7). New accounts are unverified, in the
 * department General with the role Trial; answers to resend never reveal whether an account
 * exists.
 */
import type { SignupBody, TokenCheckResponse } from '../../../contract/auth';
import { isUniqueViolation, nowIso } from '../../db/database';
import { ROLE_IDS } from '../../db/seed';
import type { UserRow } from '../../db/schema';
import type { BackgroundTasks } from '../../services/background';
import { resetLink, verifyLink } from '../../services/mail/links';
import type { Mailer } from '../../services/mail/mailer';
import { accountExistsMail, verificationMail } from '../../services/mail/templates';
import { hashPassword } from '../../services/security/passwords';
import { assertUncommonPassword } from '../../services/security/common-passwords';
import { authErrors } from './auth-errors';
import { assertUsable, hashToken, issueMailToken } from './mail-tokens';
import type { AuthRepo } from './repo';
import { createSandboxDepartment } from './trial-sandbox';

export interface ErrorLog {
  error(details: object, message: string): void;
}

/**
 * Where a mailed link points (the console's origin or PUBLIC_URL) and the language the mail
 * speaks: the console's the request came from (routes.ts `mailLanguage`). Accounts keep no
 * language of their own, so the request's is the best knowledge of the person's.
 */
export interface MailTarget {
  origin: string;
  language: string;
}

export interface MailDeps {
  repo: AuthRepo;
  mailer: Mailer;
  log: ErrorLog;
  background: BackgroundTasks;
}

/** The same for a new and a taken address (no account enumeration). */
const SIGNUP_ANSWER =
  'Thank you. Please check your e-mail: it tells you how to verify your address and sign in.';

const RESEND_ANSWER =
  'If an unverified account exists for this address, a new verification mail is on its way.';

export function createRegistrationService({ repo, mailer, log, background }: MailDeps) {
  async function sendVerification(
    user: { id: number; email: string; first_name: string },
    { origin, language }: MailTarget,
  ) {
    const token = await issueMailToken(repo, repo.db, user.id, 'verify');
    const link = verifyLink(origin, token);
    await deliver(verificationMail(user.email, user.first_name, link, language));
  }

  /** Sign-up with a taken address: tell its owner, with a link to set a new password. */
  async function mailExistingAccount(user: UserRow, { origin, language }: MailTarget) {
    if (user.status !== 'active') return;
    const token = await issueMailToken(repo, repo.db, user.id, 'reset');
    const link = resetLink(origin, token);
    await deliver(accountExistsMail(user.email, user.first_name, link, language));
  }

  /** Mail failures are logged, not answered: the account exists and resend can try again. */
  async function deliver(message: Parameters<Mailer['send']>[0]) {
    try {
      await mailer.send(message);
    } catch (error) {
      log.error({ err: error, kind: message.kind }, 'sending mail failed');
    }
  }

  return {
    async signup(body: SignupBody, mail: MailTarget): Promise<{ message: string }> {
      assertUncommonPassword(body.password);
      const email = body.email.toLowerCase();
      // The username first, for every address alike: checked after the address, a taken name
      // would answer 409 for a new address and 201 for a registered one, telling them apart.
      if (await repo.usernameTaken(body.username)) throw authErrors.usernameTaken();
      const existing = await repo.findUserByEmail(email);
      // Both paths hash once, so the time does not tell either.
      const password_hash = await hashPassword(body.password);
      if (existing) {
        // The answer is the one a new address gets; the owner learns of it by mail.
        background.run('signup-existing', () => mailExistingAccount(existing, mail));
        return { message: SIGNUP_ANSWER };
      }
      const now = nowIso();
      let userId: number;
      try {
        userId = await repo.transaction(async (trx) => {
          const id = await repo.insertUser(trx, {
            username: body.username,
            email,
            first_name: body.first_name,
            last_name: body.last_name,
            password_hash,
            status: 'active',
            is_verified: 0,
            is_defaultadmin: 0,
            failed_logins: 0,
            created_at: now,
            updated_at: now,
          });
          const sandbox = await createSandboxDepartment(trx, body, now);
          await repo.assignRole(trx, id, ROLE_IDS.trial, sandbox);
          return id;
        });
      } catch (error) {
        // Someone took the address or name between the check and the insert.
        if (!isUniqueViolation(error)) throw error;
        if (await repo.findUserByEmail(email)) return { message: SIGNUP_ANSWER };
        throw authErrors.usernameTaken();
      }
      const created = { id: userId, email, first_name: body.first_name };
      background.run('signup', () => sendVerification(created, mail));
      return { message: SIGNUP_ANSWER };
    },

    async verify(token: string): Promise<TokenCheckResponse> {
      const row = await repo.findEmailToken(hashToken(token), 'verify');
      assertUsable(row);
      const user = await repo.transaction(async (trx) => {
        if (!(await repo.useEmailToken(trx, row.id))) throw authErrors.tokenUsed();
        await repo.updateUser(trx, row.user_id, { is_verified: 1, updated_at: nowIso() });
        return repo.findUserById(row.user_id, trx);
      });
      return {
        message: 'Your e-mail address is verified. You can sign in now.',
        email: user?.email,
      };
    },

    async resend(email: string, mail: MailTarget): Promise<{ message: string }> {
      const user = await repo.findUserByEmail(email);
      if (user && !user.is_verified && user.status === 'active')
        background.run('resend', () => sendVerification(user, mail));
      return { message: RESEND_ANSWER };
    },
  };
}
