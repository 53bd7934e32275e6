/**
 * Every migration, listed by hand (no folder scan) so it runs the same under tsx, vitest and a
 * bundler. Names sort in the order they apply; never rename or edit one that has shipped.
 */
import type { Migration } from 'kysely';
import type { DialectName } from '../database';
import { foundation } from './0001-foundation';
import { identity } from './0002-identity';
import { knowledge } from './0003-knowledge';
import { search } from './0004-search';
import { chat } from './0005-chat';
import { userSearch } from './0006-user-search';
import { searchGinDirect } from './0007-search-gin-direct';
import { authThrottle } from './0008-auth-throttle';
import { trialSandboxes } from './0009-trial-sandboxes';
import { listSortIndexes } from './0010-list-sort-indexes';
import { documentTitles } from './0011-document-titles';
import { serviceAgent } from './0012-service-agent';
import { reports } from './0013-reports';
import { sop } from './0014-sop';
import { emailAgent } from './0015-email-agent';
import { rateWindows } from './0016-rate-windows';
import { sopNameTrigrams } from './0017-sop-name-trigrams';
import { reportRollups } from './0018-report-rollups';
import { helpdesk } from './0019-helpdesk';
import { dbSources } from './0020-db-sources';
import { apiKeys } from './0021-api-keys';
import { reportProductDays } from './0022-report-product-days';
import { sopFileVersions } from './0023-sop-file-versions';
import { reportProductSentiments } from './0024-report-product-sentiments';
import { emailAudit } from './0025-email-audit';
import { reportProductTurns } from './0026-report-product-turns';
import { analysedTerms } from './0027-analysed-terms';
import { scannedPages } from './0028-scanned-pages';
import { dateTerms } from './0029-date-terms';
import { chunkAnalysisIndex } from './0030-chunk-analysis-index';
import { apiKeyRevoker } from './0031-api-key-revoker';
import { emailSignatureDrafts } from './0032-email-signature-drafts';
import { helpdeskTicketIdentity } from './0033-helpdesk-ticket-identity';
import { chatTurnCharts } from './0034-chat-turn-charts';
import { documentDeletions } from './0035-document-deletions';
import { realRights } from './0036-real-rights';
import { serverTextCodes } from './0038-server-text-codes';
import { knowledgeTextCodes } from './0039-knowledge-text-codes';

export function allMigrations(dialect: DialectName): Record<string, Migration> {
  return {
    '0001-foundation': foundation(dialect),
    '0002-identity': identity(dialect),
    '0003-knowledge': knowledge(dialect),
    '0004-search': search(dialect),
    '0005-chat': chat(dialect),
    '0006-user-search': userSearch(dialect),
    '0007-search-gin-direct': searchGinDirect(dialect),
    '0008-auth-throttle': authThrottle(),
    '0009-trial-sandboxes': trialSandboxes(),
    '0010-list-sort-indexes': listSortIndexes(),
    '0011-document-titles': documentTitles(),
    '0012-service-agent': serviceAgent(dialect),
    '0013-reports': reports(dialect),
    '0014-sop': sop(dialect),
    '0015-email-agent': emailAgent(dialect),
    '0016-rate-windows': rateWindows(),
    '0017-sop-name-trigrams': sopNameTrigrams(dialect),
    '0018-report-rollups': reportRollups(dialect),
    '0019-helpdesk': helpdesk(dialect),
    '0020-db-sources': dbSources(dialect),
    '0021-api-keys': apiKeys(dialect),
    '0022-report-product-days': reportProductDays(),
    '0023-sop-file-versions': sopFileVersions(),
    '0024-report-product-sentiments': reportProductSentiments(),
    '0025-email-audit': emailAudit(dialect),
    '0026-report-product-turns': reportProductTurns(dialect),
    '0027-analysed-terms': analysedTerms(dialect),
    '0028-scanned-pages': scannedPages(),
    '0029-date-terms': dateTerms(dialect),
    '0030-chunk-analysis-index': chunkAnalysisIndex(),
    '0031-api-key-revoker': apiKeyRevoker(),
    '0032-email-signature-drafts': emailSignatureDrafts(dialect),
    '0033-helpdesk-ticket-identity': helpdeskTicketIdentity(),
    '0034-chat-turn-charts': chatTurnCharts(),
    '0035-document-deletions': documentDeletions(),
    '0036-real-rights': realRights(),
    '0038-server-text-codes': serverTextCodes(),
    '0039-knowledge-text-codes': knowledgeTextCodes(),
  };
}
