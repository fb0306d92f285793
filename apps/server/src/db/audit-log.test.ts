import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { auditLog } from './schema';
import { createTestApp, type TestApp } from '../test/test-app';

describe('audit log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('only grows: the database refuses to change or remove a row', async () => {
    const { db } = t.database;
    const [row] = await db
      .insert(auditLog)
      .values({
        actorId: '00000000-0000-4000-8000-000000000001',
        actorName: 'مشرف',
        actorRole: 'moderator',
        action: 'post.hide',
        targetType: 'post',
        targetId: '1',
      })
      .returning();
    expect(row!.id).toBeGreaterThan(0);
    const refused = {
      cause: expect.objectContaining({ message: 'audit_log is append-only' }) as unknown,
    };
    await expect(db.update(auditLog).set({ action: 'post.show' })).rejects.toMatchObject(refused);
    await expect(db.delete(auditLog)).rejects.toMatchObject(refused);
    await expect(db.execute(sql`truncate audit_log`)).rejects.toMatchObject(refused);
    const rows = await db.select().from(auditLog);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.action).toBe('post.hide');
  });
});
