import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { emailChanges, passwordResetTokens, sessions, users } from '#server/db/schema/accounts.ts';

export type UserRow = typeof users.$inferSelect;
export type EmailChangeRow = typeof emailChanges.$inferSelect;

const UNIQUE_VIOLATION = '23505';
const EMAIL_INDEX = 'users_email_key';

/**
 * True when PostgreSQL refused a write because users_email_key already holds
 * the email. Drizzle wraps driver errors, so the code may sit on the error or
 * on its cause (both pg and PGlite report the index as `constraint`).
 */
export function isEmailTaken(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 3; depth++) {
    const { code, constraint, cause } = current as {
      code?: unknown;
      constraint?: unknown;
      cause?: unknown;
    };
    if (code === UNIQUE_VIOLATION) return constraint === EMAIL_INDEX;
    current = cause;
  }
  return false;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row;
}

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Inserts a user; undefined when the email is taken (the unique index decides, race-free). */
export async function insertUser(
  db: Database,
  user: { name: string; email: string; passwordHash: string; role?: 'shopper' | 'admin' },
): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(user).onConflictDoNothing().returning();
  return row;
}

export async function updateUser(
  db: Database,
  id: string,
  changes: Partial<Pick<UserRow, 'name' | 'email' | 'phone' | 'passwordHash' | 'role'>>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function insertSession(
  db: Database,
  session: { tokenHash: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(session);
}

/** The live session of a token hash, with its user. */
export async function findSession(db: Database, tokenHash: string) {
  const [row] = await db
    .select({ sessionId: sessions.id, expiresAt: sessions.expiresAt, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date())));
  return row;
}

export async function deleteSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user, except the one given. */
export async function deleteUserSessions(db: Database, userId: string, exceptSessionId?: string) {
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    );
}

export async function insertPasswordResetToken(
  db: Database,
  token: { tokenHash: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values(token);
}

/** Whether a reset token is known, unused and unexpired (it may still be used by a racing request). */
export async function findLivePasswordResetToken(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    );
  return row !== undefined;
}

/**
 * Uses a reset token: one atomic statement, so of two requests racing with
 * one link only one gets its user. Undefined when the token is unknown,
 * expired or already used.
 */
export async function usePasswordResetToken(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId;
}

/** Ends every other reset link of a user: the password they were for is gone. */
async function voidUserPasswordResetTokens(db: Database, userId: string, now: Date) {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** Voids the confirmation links of a user's unconfirmed email changes ('this was not me' links stay). */
export async function cancelPendingEmailChanges(db: Database, userId: string, now: Date) {
  await db
    .update(emailChanges)
    .set({ cancelledAt: now })
    .where(
      and(
        eq(emailChanges.userId, userId),
        isNull(emailChanges.confirmedAt),
        isNull(emailChanges.cancelledAt),
      ),
    );
}

/**
 * After a new password or a new email: every session ends but the one given,
 * every reset link and every unconfirmed email change stops working, so
 * nobody who knew the old password or read the old inbox keeps a way in.
 */
export async function endOtherAccess(db: Database, userId: string, exceptSessionId?: string) {
  const now = new Date();
  await deleteUserSessions(db, userId, exceptSessionId);
  await voidUserPasswordResetTokens(db, userId, now);
  await cancelPendingEmailChanges(db, userId, now);
}

export async function insertEmailChange(
  db: Database,
  change: Pick<
    EmailChangeRow,
    | 'userId'
    | 'oldEmail'
    | 'newEmail'
    | 'confirmTokenHash'
    | 'undoTokenHash'
    | 'sessionId'
    | 'expiresAt'
    | 'undoExpiresAt'
  >,
): Promise<void> {
  await db.insert(emailChanges).values(change);
}

/** The new email of a user's live unconfirmed change, if any. */
export async function findPendingEmail(db: Database, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ newEmail: emailChanges.newEmail })
    .from(emailChanges)
    .where(
      and(
        eq(emailChanges.userId, userId),
        isNull(emailChanges.confirmedAt),
        isNull(emailChanges.cancelledAt),
        gt(emailChanges.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(emailChanges.createdAt))
    .limit(1);
  return row?.newEmail;
}

/**
 * Uses a confirmation link: one atomic statement, so of two requests racing
 * with one link only one gets the change. Undefined when the token is
 * unknown, expired, used, voided or undone.
 */
export async function useEmailChangeConfirmToken(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<EmailChangeRow | undefined> {
  const [row] = await db
    .update(emailChanges)
    .set({ confirmedAt: now })
    .where(
      and(
        eq(emailChanges.confirmTokenHash, tokenHash),
        isNull(emailChanges.confirmedAt),
        isNull(emailChanges.cancelledAt),
        isNull(emailChanges.undoneAt),
        gt(emailChanges.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** Uses a 'this was not me' link, once, whether or not the change was confirmed. */
export async function useEmailChangeUndoToken(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<EmailChangeRow | undefined> {
  const [row] = await db
    .update(emailChanges)
    .set({ undoneAt: now })
    .where(
      and(
        eq(emailChanges.undoTokenHash, tokenHash),
        isNull(emailChanges.undoneAt),
        gt(emailChanges.undoExpiresAt, now),
      ),
    )
    .returning();
  return row;
}
