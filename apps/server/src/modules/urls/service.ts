import type { Db } from '../../db/database.ts';
import * as repo from './repository.ts';

/** A user's ignored sites (spec §2, §5): the extension never captures them, the settings screen edits them. */
export interface UrlsService {
  /** The user's ignored domains, in the order they were added. */
  list(userId: string): Promise<string[]>;
  /** Adds a domain (already trimmed, lower-cased and checked); adding one already on the list changes nothing. */
  add(userId: string, domain: string): Promise<void>;
  /** Removes a domain; removing one that is not on the list changes nothing. */
  remove(userId: string, domain: string): Promise<void>;
}

export function createUrlsService(db: Db): UrlsService {
  return {
    list: (userId) => repo.listDomains(db, userId),
    add: (userId, domain) => repo.addDomain(db, userId, domain),
    async remove(userId, domain) {
      await repo.removeDomain(db, userId, domain);
    },
  };
}
