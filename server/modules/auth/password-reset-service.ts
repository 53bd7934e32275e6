/**
 * Forgotten passwords (SPEC §7): the answer to a reset request is the same for known and
 * unknown addresses; a completed reset ends every session of the account and clears a lockout.
 */
import type { ResetPasswordBody, TokenCheckResponse } from '../../../contract/auth';
import { nowIso } from '../../db/database';
import { resetLink } from '../../services/mail/links';
import { resetMail } from '../../services/mail/templates';
import { awaitsFirstPassword } from '../identity/user-rows';
import { hashPassword } from '../../services/security/passwords';
import { assertUncommonPassword } from '../../services/security/common-passwords';
import { authErrors } from './auth-errors';
import { assertUsable, hashToken, issueMailToken } from './mail-tokens';
import type { MailDeps, MailTarget } from './registration-service';
import type { Throttle } from './throttle';

const FORGOT_ANSWER =
  'If an account exists for this address, a mail with a link to reset the password is on its way.';

export function createPasswordResetService({
  repo,
  mailer,
  log,
  background,
  throttle,
}: MailDeps & { throttle: Throttle }) {
  async function usableToken(token: string) {
    const row = await repo.findEmailToken(hashToken(token), 'reset');
    assertUsable(row);
    const user = await repo.findUserById(row.user_id);
    if (!user) throw authErrors.tokenInvalid();
    return { row, user };
  }

  return {
    /**
     * The mail speaks the language the request was made in: accounts store no language of their
     * own, and the person asking is, but for abuse, the account's owner at their console.
     */
    async requestReset(
      email: string,
      { origin, language }: MailTarget,
    ): Promise<{ message: string }> {
      const user = await repo.findUserByEmail(email);
      // The token and the mail come after the answer, so a known address is not slower.
      if (user && user.status === 'active')
        background.run('reset', async () => {
          const token = await issueMailToken(repo, repo.db, user.id, 'reset');
          const link = resetLink(origin, token);
          try {
            await mailer.send(resetMail(user.email, user.first_name, link, language));
          } catch (error) {
            log.error({ err: error, kind: 'reset' }, 'sending mail failed');
          }
        });
      return { message: FORGOT_ANSWER };
    },

    async check(token: string): Promise<TokenCheckResponse> {
      const { user } = await usableToken(token);
      const first = awaitsFirstPassword(user);
      return {
        message: first
          ? 'The link is valid. Choose your password.'
          : 'The link is valid. Choose a new password.',
        email: user.email,
        first_password: first,
      };
    },

    async reset(token: string, body: ResetPasswordBody): Promise<{ message: string }> {
      const { row, user } = await usableToken(token);
      assertUncommonPassword(body.password);
      const first = awaitsFirstPassword(user);
      const password_hash = await hashPassword(body.password);
      await repo.transaction(async (trx) => {
        if (!(await repo.useEmailToken(trx, row.id))) throw authErrors.tokenUsed();
        // Following the mailed link proves the address, so it counts as verified too.
        await repo.updateUser(trx, user.id, {
          password_hash,
          failed_logins: 0,
          failed_window_started_at: null,
          locked_until: null,
          is_verified: 1,
          updated_at: nowIso(),
        });
        await repo.useAllEmailTokens(trx, user.id, 'reset');
        await repo.revokeUserSessions(trx, user.id);
      });
      // Following the mailed link proves the owner: guesses by others no longer slow them down.
      await throttle.clearAccount(user.email);
      return {
        message: first
          ? 'Your password is set. You can sign in with it now.'
          : 'Your password has been reset. You can sign in with the new password.',
      };
    },
  };
}
