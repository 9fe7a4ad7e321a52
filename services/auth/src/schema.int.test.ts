/**
 * The SQL migrations and prisma/schema.prisma describe one schema: the migrations are applied to an
 * empty database (as createAuthService does at start-up), every column, enum, index and foreign key
 * is compared with the Prisma schema, and every model is written and read through the generated client.
 */
import { readFile } from 'node:fs/promises';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel, AuthProvider, EmailTokenPurpose, Prisma, type PrismaClient } from './generated/prisma/client.ts';
import { createAccessTokenSigner } from './signing-keys.ts';
import { startAuthHarness, type AuthHarness } from './testing/auth-harness.ts';

let auth: AuthHarness;
let prisma: PrismaClient;

beforeAll(async () => {
  auth = await startAuthHarness();
  prisma = auth.service.context.prisma;
});

afterAll(async () => {
  await auth?.stop();
});

interface PrismaField {
  name: string;
  column: string;
  type: string;
  optional: boolean;
  attributes: string;
}

interface PrismaModel {
  name: string;
  table: string;
  fields: PrismaField[];
  blockAttributes: string[];
}

/** A small reader of schema.prisma: models, their scalar and enum fields, and the enums. */
async function readPrismaSchema(): Promise<{
  models: PrismaModel[];
  enums: Map<string, { dbName: string; values: string[] }>;
}> {
  const source = await readFile(new URL('../prisma/schema.prisma', import.meta.url), 'utf8');
  const enums = new Map<string, { dbName: string; values: string[] }>();
  for (const [, name, body] of source.matchAll(/^enum (\w+) \{([\s\S]*?)^\}/gm)) {
    const lines = body!
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('//'));
    enums.set(name!, {
      dbName: body!.match(/@@map\("([^"]+)"\)/)?.[1] ?? name!,
      values: lines.filter((line) => !line.startsWith('@@')),
    });
  }
  const modelNames = [...source.matchAll(/^model (\w+) \{/gm)].map((match) => match[1]!);
  const models: PrismaModel[] = [];
  for (const [, name, body] of source.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)) {
    const lines = body!
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('//'));
    const fields: PrismaField[] = [];
    for (const line of lines.filter((candidate) => !candidate.startsWith('@@'))) {
      const match = line.match(/^(\w+)\s+(\w+)(\?|\[\])?\s*(.*)$/);
      if (!match) throw new Error(`cannot read field line: ${line}`);
      const [, fieldName, type, modifier, attributes = ''] = match;
      if (modelNames.includes(type!)) continue; // relation field, no column
      fields.push({
        name: fieldName!,
        column: attributes.match(/@map\("([^"]+)"\)/)?.[1] ?? fieldName!,
        type: modifier === '[]' ? `${type!}[]` : type!,
        optional: modifier === '?',
        attributes,
      });
    }
    models.push({
      name: name!,
      table: body!.match(/@@map\("([^"]+)"\)/)?.[1] ?? name!,
      fields,
      blockAttributes: lines.filter((line) => line.startsWith('@@')),
    });
  }
  return { models, enums };
}

function expectedUdt(field: PrismaField, enums: Map<string, { dbName: string }>): string {
  if (enums.has(field.type)) return enums.get(field.type)!.dbName;
  if (field.attributes.includes('@db.Uuid')) return 'uuid';
  if (field.attributes.includes('@db.Timestamptz')) return 'timestamptz';
  // A list column is PostgreSQL's array of the element type, named with a leading underscore.
  if (field.type.endsWith('[]')) return `_${expectedUdt({ ...field, type: field.type.slice(0, -2) }, enums)}`;
  return (
    (
      {
        String: 'text',
        Boolean: 'bool',
        DateTime: 'timestamp',
        Json: 'jsonb',
        Int: 'int4',
        BigInt: 'int8',
        Bytes: 'bytea',
      } as Record<string, string>
    )[field.type] ?? `unknown ${field.type}`
  );
}

describe('migrations and schema.prisma', () => {
  it('have the same tables and columns, with the same types, nullability and defaults', async () => {
    const { models, enums } = await readPrismaSchema();
    expect(models.map((model) => model.name).sort()).toEqual([
      'DataExport',
      'EmailToken',
      'MailRequest',
      'Passkey',
      'RecoveryCode',
      'SecurityPolicy',
      'Session',
      'SigningKey',
      'TwoFactorChallenge',
      'TwoFactorSecret',
      'User',
      'WebauthnChallenge',
    ]);

    const tables = await auth.sql<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'auth' AND table_type = 'BASE TABLE'",
    );
    const platformTables = ['migrations', 'platform_migrations', 'outbox', 'processed_events'];
    expect(
      tables
        .map((row) => row.table_name)
        .filter((name) => !platformTables.includes(name))
        .sort(),
    ).toEqual(models.map((model) => model.table).sort());

    for (const model of models) {
      const columns = await auth.sql<{
        column_name: string;
        is_nullable: string;
        udt_name: string;
        column_default: string | null;
        datetime_precision: number | null;
      }>(
        "SELECT column_name, is_nullable, udt_name, column_default, datetime_precision FROM information_schema.columns WHERE table_schema = 'auth' AND table_name = $1",
        [model.table],
      );
      expect(columns.map((column) => column.column_name).sort(), model.name).toEqual(
        model.fields.map((field) => field.column).sort(),
      );
      for (const field of model.fields) {
        const column = columns.find((candidate) => candidate.column_name === field.column)!;
        const where = `${model.name}.${field.name} (${model.table}.${field.column})`;
        expect(column.udt_name, where).toBe(expectedUdt(field, enums));
        expect(column.is_nullable, where).toBe(field.optional ? 'YES' : 'NO');
        const precision = field.attributes.match(/@db\.Timestamptz\((\d+)\)/)?.[1];
        if (precision) expect(column.datetime_precision, where).toBe(Number(precision));
        const prismaDefault = field.attributes.match(/@default\(([^)]*\)?)\)/)?.[1];
        if (prismaDefault === undefined || prismaDefault === 'uuid()') {
          // Defaults Prisma makes itself (uuid(), @updatedAt) need none in SQL; any other column must not invent one.
          if (!field.attributes.includes('@updatedAt')) expect(column.column_default, where).toBeNull();
        } else {
          expect(column.column_default, where).not.toBeNull();
          if (prismaDefault === 'now()') expect(column.column_default, where).toMatch(/now\(\)|CURRENT_TIMESTAMP/i);
          else
            expect(column.column_default!.replace(/::[\w".]+$/, '').replace(/^'(.*)'$/, '$1'), where).toBe(
              prismaDefault,
            );
        }
      }
    }
  });

  it('have the same enums', async () => {
    const { enums } = await readPrismaSchema();
    const rows = await auth.sql<{ typname: string; labels: string[] }>(
      "SELECT t.typname, array_agg(e.enumlabel::text ORDER BY e.enumsortorder) AS labels FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid WHERE t.typnamespace = 'auth'::regnamespace GROUP BY t.typname",
    );
    expect(Object.fromEntries(rows.map((row) => [row.typname, row.labels]))).toEqual(
      Object.fromEntries([...enums.values()].map((entry) => [entry.dbName, entry.values])),
    );
    // And the generated client agrees, in the same order (the order of access levels is the rule).
    expect(Object.values(AccessLevel)).toEqual(enums.get('AccessLevel')!.values);
    expect(Object.values(AuthProvider)).toEqual(enums.get('AuthProvider')!.values);
    expect(Object.values(EmailTokenPurpose)).toEqual(enums.get('EmailTokenPurpose')!.values);
  });

  it('have the same unique constraints, indexes and cascading foreign keys', async () => {
    const { models } = await readPrismaSchema();
    const indexes = await auth.sql<{ tablename: string; indexdef: string }>(
      "SELECT tablename, indexdef FROM pg_indexes WHERE schemaname = 'auth'",
    );
    const indexColumns = (table: string, unique: boolean) =>
      indexes
        .filter(
          (index) =>
            index.tablename === table &&
            index.indexdef.includes('UNIQUE INDEX') === unique &&
            !/USING gin/.test(index.indexdef),
        )
        .map((index) =>
          index.indexdef
            .match(/\(([^)]*)\)\s*$/)![1]!
            .split(',')
            .map((column) => column.trim().replace(/"/g, ''))
            .join(','),
        );

    for (const model of models) {
      const column = (fieldName: string) => model.fields.find((field) => field.name === fieldName)!.column;
      const expectedUnique = model.fields
        .filter((field) => /@(id|unique)\b/.test(field.attributes))
        .map((field) => field.column);
      expect(indexColumns(model.table, true).sort(), `${model.name} unique`).toEqual(expectedUnique.sort());
      const expectedIndexes = model.blockAttributes
        .filter((attribute) => attribute.startsWith('@@index'))
        .map((attribute) =>
          attribute
            .match(/\[([^\]]+)\]/)![1]!
            .split(',')
            .map((name) => column(name.trim()))
            .join(','),
        );
      for (const index of expectedIndexes)
        expect(indexColumns(model.table, false), `${model.name} index ${index}`).toContain(index);
    }

    const foreignKeys = await auth.sql<{ source: string; target: string; definition: string; on_delete: string }>(
      "SELECT conrelid::regclass::text AS source, confrelid::regclass::text AS target, pg_get_constraintdef(oid) AS definition, confdeltype AS on_delete FROM pg_constraint WHERE contype = 'f' AND connamespace = 'auth'::regnamespace",
    );
    expect(
      foreignKeys
        .map(({ source, target, definition, on_delete }) => ({
          source,
          target,
          definition: definition.replace(/ ON DELETE CASCADE/, ''),
          on_delete,
        }))
        .sort((a, b) => a.source.localeCompare(b.source)),
    ).toEqual([
      {
        source: 'email_tokens',
        target: 'users',
        definition: 'FOREIGN KEY (user_id) REFERENCES users(id)',
        on_delete: 'c',
      },
      ...[
        'passkeys',
        'recovery_codes',
        'sessions',
        'two_factor_challenges',
        'two_factor_secrets',
        'webauthn_challenges',
      ].map((source) => ({
        source,
        target: 'users',
        definition: 'FOREIGN KEY (user_id) REFERENCES users(id)',
        on_delete: 'c',
      })),
    ]);
  });

  it('applies again on a started database without changes (a second start is a no-op)', async () => {
    const before = await auth.sql('SELECT name FROM migrations ORDER BY id');
    const second = await startAuthHarness({
      database: auth.database,
      cachePrefix: auth.cachePrefix,
      namespace: auth.namespace,
    });
    await second.stop();
    expect(await auth.sql('SELECT name FROM migrations ORDER BY id')).toEqual(before);
    expect(before.length).toBeGreaterThan(0);
  });
});

describe('every model through the generated client', () => {
  it('User: create with every field, read, update, unique e-mail and subject, delete', async () => {
    const created = await prisma.user.create({
      data: {
        email: 'schema.user@it.crucible.test',
        firstName: 'Schema',
        lastName: 'User',
        profileImageUrl: 'https://example.test/a.png',
        passwordHash: '$argon2id$fake',
        emailVerified: true,
        authProvider: 'oidc',
        externalSubject: 'subject-1',
        accessLevel: 'Master',
        isAdmin: true,
        isModerator: true,
      },
    });
    expect(created).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      accessLevel: 'Master',
      authProvider: 'oidc',
      createdAt: expect.any(Date),
      updatedAt: expect.any(Date),
    });
    expect(await prisma.user.findUnique({ where: { email: 'schema.user@it.crucible.test' } })).toEqual(created);
    expect(await prisma.user.findUnique({ where: { externalSubject: 'subject-1' } })).toEqual(created);

    const defaults = await prisma.user.create({ data: { email: 'schema.defaults@it.crucible.test' } });
    expect(defaults).toMatchObject({
      firstName: null,
      lastName: null,
      profileImageUrl: null,
      passwordHash: null,
      emailVerified: false,
      authProvider: 'email',
      externalSubject: null,
      accessLevel: 'Public',
      isAdmin: false,
      isModerator: false,
    });

    for (const level of Object.values(AccessLevel)) {
      expect((await prisma.user.update({ where: { id: defaults.id }, data: { accessLevel: level } })).accessLevel).toBe(
        level,
      );
    }
    const updated = await prisma.user.update({
      where: { id: created.id },
      data: { firstName: null, emailVerified: false },
    });
    expect(updated.firstName).toBeNull();
    expect(updated.updatedAt.getTime()).toBeGreaterThanOrEqual(created.updatedAt.getTime());

    const duplicate = prisma.user.create({ data: { email: 'schema.user@it.crucible.test' } });
    await expect(duplicate).rejects.toMatchObject({ code: 'P2002' });
    await expect(
      prisma.user.create({ data: { email: 'schema.other@it.crucible.test', externalSubject: 'subject-1' } }),
    ).rejects.toBeInstanceOf(Prisma.PrismaClientKnownRequestError);
    // Search by substring in any letter case, as the directory does.
    expect(
      (await prisma.user.findMany({ where: { firstName: { contains: 'CHEM', mode: 'insensitive' } } })).map(
        (user) => user.id,
      ),
    ).toEqual([]);
    expect(
      (await prisma.user.findMany({ where: { email: { contains: 'SCHEMA.USER', mode: 'insensitive' } } })).map(
        (user) => user.id,
      ),
    ).toEqual([created.id]);

    await prisma.user.delete({ where: { id: defaults.id } });
    expect(await prisma.user.findUnique({ where: { id: defaults.id } })).toBeNull();
  });

  it('Session: create, read with its user, revoke, delete; deleting the user deletes its sessions', async () => {
    const user = await prisma.user.create({ data: { email: 'schema.session@it.crucible.test' } });
    const expiresAt = new Date(Date.now() + 3_600_000);
    const session = await prisma.session.create({
      data: { userId: user.id, expiresAt, ipAddress: '2001:db8::1', userAgent: 'vitest' },
    });
    expect(session).toMatchObject({
      userId: user.id,
      revokedAt: null,
      ipAddress: '2001:db8::1',
      userAgent: 'vitest',
      createdAt: expect.any(Date),
    });
    expect(session.expiresAt.getTime()).toBe(expiresAt.getTime()); // millisecond precision kept

    const withUser = await prisma.session.findUnique({ where: { id: session.id }, include: { user: true } });
    expect(withUser?.user.email).toBe('schema.session@it.crucible.test');
    const revoked = await prisma.session.update({ where: { id: session.id }, data: { revokedAt: new Date() } });
    expect(revoked.revokedAt).toBeInstanceOf(Date);
    await prisma.session.delete({ where: { id: session.id } });
    expect(await prisma.session.findUnique({ where: { id: session.id } })).toBeNull();

    const kept = await prisma.session.create({ data: { userId: user.id, expiresAt } });
    await expect(
      prisma.session.create({ data: { userId: '00000000-0000-4000-8000-000000000000', expiresAt } }),
    ).rejects.toBeInstanceOf(Prisma.PrismaClientKnownRequestError);
    await prisma.user.delete({ where: { id: user.id } });
    expect(await prisma.session.findUnique({ where: { id: kept.id } })).toBeNull();
  });

  it('EmailToken: create for each purpose, read, use, unique hash, delete; deleting the user deletes its tokens', async () => {
    const user = await prisma.user.create({ data: { email: 'schema.token@it.crucible.test' } });
    const expiresAt = new Date(Date.now() + 60_000);
    const tokens = await Promise.all(
      Object.values(EmailTokenPurpose).map((purpose, index) =>
        prisma.emailToken.create({ data: { userId: user.id, purpose, tokenHash: `hash-${index}`, expiresAt } }),
      ),
    );
    expect(tokens.map((token) => token.purpose)).toEqual(['verify_email', 'reset_password']);
    expect(await prisma.emailToken.findUnique({ where: { tokenHash: 'hash-1' } })).toMatchObject({
      userId: user.id,
      purpose: 'reset_password',
      usedAt: null,
    });

    const used = await prisma.emailToken.updateMany({
      where: { tokenHash: 'hash-0', usedAt: null, expiresAt: { gt: new Date() } },
      data: { usedAt: new Date() },
    });
    expect(used.count).toBe(1);
    expect(
      (
        await prisma.emailToken.updateMany({
          where: { tokenHash: 'hash-0', usedAt: null },
          data: { usedAt: new Date() },
        })
      ).count,
    ).toBe(0);
    await expect(
      prisma.emailToken.create({ data: { userId: user.id, purpose: 'verify_email', tokenHash: 'hash-1', expiresAt } }),
    ).rejects.toMatchObject({ code: 'P2002' });
    expect(await prisma.emailToken.findMany({ where: { userId: user.id, purpose: 'reset_password' } })).toHaveLength(1);

    await prisma.emailToken.delete({ where: { id: tokens[0]!.id } });
    await prisma.user.delete({ where: { id: user.id } });
    expect(await prisma.emailToken.count({ where: { userId: user.id } })).toBe(0);
  });

  it('MailRequest: create with defaults, read, update, delete', async () => {
    // Not due for an hour, so the running service's mail sender leaves it alone.
    const later = new Date(Date.now() + 3_600_000);
    const created = await prisma.mailRequest.create({
      data: { purpose: 'reset_password', email: 'schema.mail@it.crucible.test', nextAttemptAt: later },
    });
    expect(created).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      attempts: 0,
      createdAt: expect.any(Date),
      nextAttemptAt: later,
    });
    expect(await prisma.mailRequest.findUnique({ where: { id: created.id } })).toEqual(created);
    expect(
      (await prisma.mailRequest.update({ where: { id: created.id }, data: { attempts: { increment: 1 } } })).attempts,
    ).toBe(1);
    await prisma.mailRequest.delete({ where: { id: created.id } });
    expect(await prisma.mailRequest.count({ where: { id: created.id } })).toBe(0);
  });

  it('DataExport: create with defaults, read, update, refuse an unknown status, delete', async () => {
    // Failed from the start, so the running service's export builder leaves it alone.
    const id = '0e0f3a52-6c2b-4d7e-9f10-3a4b5c6d7e8f';
    const created = await prisma.dataExport.create({
      data: { id, userId: '5d3c1b2a-0f9e-4d8c-8b7a-695847362514', partsTotal: 6, status: 'failed' },
    });
    expect(created).toMatchObject({ partsDone: 0, blobKey: null, sizeBytes: null, createdAt: expect.any(Date) });
    expect(await prisma.dataExport.findUnique({ where: { id } })).toEqual(created);
    const expiresAt = new Date(Date.now() + 3_600_000);
    expect(
      await prisma.dataExport.update({
        where: { id },
        data: { blobKey: 'data-exports/x.zip', sizeBytes: 10, expiresAt },
      }),
    ).toMatchObject({ blobKey: 'data-exports/x.zip', sizeBytes: 10, expiresAt });
    await expect(prisma.$executeRaw`UPDATE data_exports SET status = 'lost' WHERE id = ${id}::uuid`).rejects.toThrow();
    await prisma.dataExport.delete({ where: { id } });
    expect(await prisma.dataExport.count({ where: { id } })).toBe(0);
  });

  it('SigningKey: create, read JSON back as written, update, delete', async () => {
    const privateJwk = {
      kty: 'OKP',
      crv: 'Ed25519',
      x: 'x-value',
      d: 'd-value',
      kid: 'schema-kid',
      nested: { list: [1, 2, 3] },
    };
    const created = await prisma.signingKey.create({
      data: {
        kid: 'schema-kid',
        privateJwk,
        publicJwk: { kty: 'OKP', crv: 'Ed25519', x: 'x-value', kid: 'schema-kid' },
      },
    });
    expect(created.createdAt).toBeInstanceOf(Date);
    expect((await prisma.signingKey.findUnique({ where: { kid: 'schema-kid' } }))?.privateJwk).toEqual(privateJwk);
    const updated = await prisma.signingKey.update({
      where: { kid: 'schema-kid' },
      data: { publicJwk: { rotated: true } },
    });
    expect(updated.publicJwk).toEqual({ rotated: true });
    await expect(
      prisma.signingKey.create({ data: { kid: 'schema-kid', privateJwk: {}, publicJwk: {} } }),
    ).rejects.toMatchObject({ code: 'P2002' });
    await prisma.signingKey.delete({ where: { kid: 'schema-kid' } });
    expect(await prisma.signingKey.count()).toBe(0);
  });
});

describe('stored signing keys', () => {
  it('are generated once when none is configured, and replicas started together or later sign with that one key', async () => {
    // The signer alone, on the service's client: a whole service without AUTH_SIGNING_KEY would
    // answer rpc.auth.jwks on the shared bus with a key the other test files do not know.
    await prisma.signingKey.deleteMany();
    const options = { prisma, issuer: 'crucible-auth', audience: 'crucible' };
    const replicas = await Promise.all([createAccessTokenSigner(options), createAccessTokenSigner(options)]);
    const restarted = await createAccessTokenSigner(options);
    const stored = await prisma.signingKey.findMany();
    expect(stored).toHaveLength(1);
    for (const row of stored) {
      expect((row.privateJwk as { d?: string }).d).toBeTruthy();
      expect(row.publicJwk).not.toHaveProperty('d');
    }

    const claims = {
      userId: '00000000-0000-4000-8000-000000000001',
      sessionId: '00000000-0000-4000-8000-000000000002',
      expiresAt: new Date(Date.now() + 60_000),
    };
    const signers = [...replicas, restarted];
    const kids = await Promise.all(signers.map(async (signer) => decodeProtectedHeader(await signer.sign(claims)).kid));
    for (const signer of signers) {
      expect(
        signer
          .jwks()
          .keys.every((key) => !('d' in key) && key.kty === 'OKP' && key.crv === 'Ed25519' && key.alg === 'EdDSA'),
      ).toBe(true);
      for (const [index, other] of signers.entries()) {
        const token = await other.sign(claims);
        const { payload } = await jwtVerify(token, createLocalJWKSet(signer.jwks()), {
          issuer: 'crucible-auth',
          audience: 'crucible',
          algorithms: ['EdDSA'],
        });
        expect(payload, `signer ${index} verified`).toMatchObject({ sub: claims.userId, sid: claims.sessionId });
      }
    }
    // One key for replicas started together and for any started later.
    expect(kids).toEqual([stored[0]!.kid, stored[0]!.kid, stored[0]!.kid]);
    await prisma.signingKey.deleteMany();
  });
});
