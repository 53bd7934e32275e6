/** Where links in mails point: the SPA's origin when it is a configured one, else PUBLIC_URL. */
import type { ResolvedConfig } from '../../config';
import { trustedOrigin } from '../../services/mail/links';

export function createMailLinks(config: Pick<ResolvedConfig, 'publicUrl' | 'consoleOrigins'>) {
  return {
    origin: (verifyPageLink: string | undefined) =>
      trustedOrigin({
        publicUrl: config.publicUrl,
        consoleOrigins: config.consoleOrigins,
        verifyPageLink,
      }),
  };
}

export type MailLinks = ReturnType<typeof createMailLinks>;
