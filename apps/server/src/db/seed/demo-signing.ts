/**
 * Demo seals and contracts (issue "Electronic seals and contracts", Demo data): seals in every
 * state for the demo institutions (Harbourview, Nordlys and the bank each hold an effective one),
 * and contracts in each status on the agreed demo intentions, so the README's accounts can walk
 * the whole path:
 * - Nordlys ← Harbourview (request 06) and the bank ← Harbourview (03): no contract yet — upload,
 *   confirm and sign them (the Chromium journeys walk these two, one in each language);
 * - the bank ← Nordlys (27): uploaded, not confirmed;
 * - Harbourview ← the bank (20): signing (Harbourview has signed);
 * - Nordlys ← the bank (14): signed by both.
 * Signatures are real (platform/signing): the signed files verify at /verify like any other.
 * Written directly, inside the seed's transaction (the services open transactions of their own).
 */
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { type Insertable, sql } from 'kysely';
import { newStorageKey } from '../../platform/files/storage.ts';
import { newPublicId } from '../../platform/ids.ts';
import { issueWithStore } from '../../platform/signing/key-sealing.ts';
import { stampAndSign } from '../../platform/signing/pdf-sign.ts';
import type { Db } from '../database.ts';
import type { ContractEventTable } from '../schema.ts';
import type { SeedContext, SeedStep } from './index.ts';

const DAY_MS = 86_400_000;
const BRANCH = 'OS_HONG_KONG';

type Institution = { id: number; name: string };
type User = { id: number; name: string; institutionId: number };

// ---------- a round seal, drawn (red ring, inner ring, five-pointed star; transparent) ----------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function insideStar(x: number, y: number, cx: number, cy: number, outer: number): boolean {
  const inner = outer * 0.382;
  const points: [number, number][] = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push([cx + r * Math.cos(angle), cy + r * Math.sin(angle)]);
  }
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i] as [number, number];
    const [xj, yj] = points[j] as [number, number];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** A square PNG of a standard round seal in `color` (the demo's seal images). */
export function drawDemoSeal(size: number, color: [number, number, number]): Buffer {
  const c = (size - 1) / 2;
  const outer = size / 2 - 2;
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x - c, y - c);
      const ring = d <= outer && d >= outer - size * 0.05;
      const thin = d <= outer - size * 0.1 && d >= outer - size * 0.115;
      const star = insideStar(x, y, c, c, size * 0.2);
      const alpha = ring || thin || star ? 235 : 0;
      raw.set([...color, alpha], y * (size * 4 + 1) + 1 + x * 4);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---------- a contract PDF ----------

async function drawContract(title: string, parties: [string, string]): Promise<Buffer> {
  // pdf-lib only while the demo data is first written, not at every start (as demo-artwork.ts).
  const { PDFDocument, rgb, StandardFonts } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  doc.setTitle(title);
  const clauses = [
    'Definitions. Terms not defined here have the meaning given in the cooperation request published on the portal.',
    'Purpose. The parties cooperate on the transaction described in the request, on the terms agreed through the portal.',
    'Amount and pricing. The amount, currency, tenor and price are those of the agreed cooperation intention.',
    'Conditions precedent. Each party delivers its authorisations and the documents listed in the schedule.',
    'Representations. Each party is duly organised, has the power to enter into this agreement and obtained every consent.',
    'Payments. Payments are made in immediately available funds to the accounts notified in writing.',
    'Confidentiality. Each party keeps the terms of this agreement confidential, except as the law requires.',
    'Sanctions and compliance. Each party complies with the sanctions and anti-money-laundering laws that apply to it.',
    'Electronic signature. The parties sign with electronic seals issued through the portal; a signature so made binds them.',
    'Governing law. This agreement is governed by the law stated in the schedule; disputes go to the courts named there.',
  ];
  for (let page = 1; page <= 3; page++) {
    const p = doc.addPage([595.28, 841.89]);
    if (page === 1) {
      p.drawText(title, { x: 56, y: 770, size: 16, font: bold });
      p.drawText(`Between ${parties[0]} and ${parties[1]}`, { x: 56, y: 745, size: 10, font });
    }
    clauses.forEach((clause, index) => {
      const number = (page - 1) * clauses.length + index + 1;
      p.drawText(`${number}. ${clause}`.slice(0, 118), {
        x: 56,
        y: 700 - index * 52,
        size: 8.5,
        font,
        color: rgb(0.15, 0.15, 0.15),
      });
    });
    if (page === 3) {
      p.drawText(`For ${parties[0]}`, { x: 56, y: 150, size: 10, font: bold });
      p.drawText(`For ${parties[1]}`, { x: 330, y: 150, size: 10, font: bold });
    }
    p.drawText(`Page ${page} of 3`, { x: 270, y: 40, size: 8, font });
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

// ---------- the step ----------

type Ctx = { db: Db; context: SeedContext; now: Date };

async function storeFile(
  ctx: Ctx,
  owner: string,
  by: number,
  file: { name: string; data: Buffer; mime: string; purpose: string },
) {
  const storage = ctx.context.storage;
  if (!storage) throw new Error('demo seals need the file storage');
  const storageKey = newStorageKey();
  await storage.put(storageKey, file.data);
  const lgcSn = newPublicId();
  const sha256 = createHash('sha256').update(file.data).digest('hex');
  await ctx.db
    .insertInto('fileObject')
    .values({
      lgcSn,
      purpose: file.purpose,
      originalName: file.name,
      mime: file.mime,
      sizeBytes: file.data.length,
      sha256,
      storageKey,
      ownerUserId: by,
      attachedTo: owner,
    })
    .execute();
  return { lgcSn, sha256, data: file.data, name: file.name };
}

type DemoSeal = {
  holder: User;
  name: string;
  state: 'submitted' | 'pendingApproval' | 'effective' | 'rejected' | 'cancelled' | 'expired';
  appliedAgo: number;
  months: number;
  rejectReason?: string;
};

type Authority = NonNullable<SeedContext['signingAuthority']>;

async function insertSeal(ctx: Ctx, seal: DemoSeal, reviewer: User, authority: Authority, institution: Institution) {
  const lgcSn = newPublicId();
  const owner = `seal:${lgcSn}`;
  const png = drawDemoSeal(400, [200, 16, 30]);
  const image = await storeFile(ctx, owner, seal.holder.id, {
    name: 'seal.png',
    data: png,
    mime: 'image/png',
    purpose: 'sealImage',
  });
  const authorization = await storeFile(ctx, owner, seal.holder.id, {
    name: 'authorization-letter.pdf',
    data: await drawContract('Authorization letter for an electronic seal', [
      institution.name,
      'Global Cooperation Bank',
    ]),
    mime: 'application/pdf',
    purpose: 'sealAuthorization',
  });
  const { rows } = await sql<{ n: string }>`select nextval('seal_number_seq')::text as n`.execute(ctx.db);
  const sealNo = `ES${ctx.now.getUTCFullYear()}${String(rows[0]?.n ?? '0').padStart(6, '0')}`;
  const appliedAt = new Date(ctx.now.getTime() - seal.appliedAgo * DAY_MS);
  const decidedAt = new Date(appliedAt.getTime() + DAY_MS / 2);
  const decided = !['submitted', 'pendingApproval'].includes(seal.state);
  const certified = ['effective', 'cancelled', 'expired'].includes(seal.state);
  const validTo =
    seal.state === 'expired'
      ? new Date(ctx.now.getTime() - 3 * DAY_MS)
      : new Date(decidedAt.getTime() + seal.months * 30 * DAY_MS);
  // Made by the portal's key store (sealed under the KEK, or in the token), as an approval does.
  const keys = certified
    ? await issueWithStore(authority, authority.keyStore, `seal:${lgcSn}`, {
        subject: {
          commonName: `${seal.name} (${sealNo})`,
          organization: institution.name,
          organizationalUnit: seal.name,
          serialNumber: sealNo,
        },
        notBefore: decidedAt,
        notAfter: validTo,
        kind: 'seal',
      })
    : null;
  // A cancelled or expired seal's key is destroyed.
  if (keys && seal.state !== 'effective') await authority.keyStore.destroy(keys.stored, `seal:${lgcSn}`);
  const [row] = await ctx.db
    .insertInto('seal')
    .values({
      lgcSn,
      sealNo,
      name: seal.name,
      institutionId: institution.id,
      applicantUserId: seal.holder.id,
      state: seal.state,
      periodMonths: seal.months,
      reason: 'Signing cooperation contracts on the portal',
      approverBranch: BRANCH,
      imageFile: image.lgcSn,
      imageWidth: 400,
      imageHeight: 400,
      authorizationFile: authorization.lgcSn,
      agreementAcceptedAt: appliedAt,
      reviewerUserId: seal.state === 'submitted' ? null : reviewer.id,
      reviewStartedAt: seal.state === 'submitted' ? null : decidedAt,
      decidedAt: decided ? decidedAt : null,
      rejectReason: seal.rejectReason ?? null,
      validFrom: certified ? decidedAt : null,
      validTo: certified ? validTo : null,
      certificateDer: keys ? Buffer.from(keys.certificateDer) : null,
      certificateSerial: keys?.serialHex ?? null,
      privateKeySealed: keys && seal.state === 'effective' ? keys.stored : null,
      cancelledAt: seal.state === 'cancelled' ? new Date(ctx.now.getTime() - DAY_MS) : null,
      revokedAt: seal.state === 'cancelled' ? new Date(ctx.now.getTime() - DAY_MS) : null,
      expiredAt: seal.state === 'expired' ? validTo : null,
      createdAt: appliedAt,
    })
    .returning('id')
    .execute();
  return { id: Number(row?.id), lgcSn, png, keys, sealNo };
}

export const demoSigning: SeedStep = {
  name: 'demo-signing',
  async run(db, context) {
    const authority = context.signingAuthority;
    if (!authority || !context.storage) return;
    const now = new Date();
    const ctx: Ctx = { db, context, now };
    const institution = async (swiftCode: string): Promise<Institution | undefined> =>
      db.selectFrom('institution').select(['id', 'name']).where('swiftCode', '=', swiftCode).executeTakeFirst();
    const user = async (email: string): Promise<User | undefined> => {
      const row = await db
        .selectFrom('appUser')
        .select(['id', 'name', 'institutionId'])
        .where('email', '=', email)
        .executeTakeFirst();
      // A signer acts for an institution; an account without one cannot sign, so the step skips
      // it like a missing account (a cast once turned the null into institution 0).
      if (!row || row.institutionId === null) return undefined;
      return { id: row.id, name: row.name, institutionId: row.institutionId };
    };
    const [bank, harbourview, nordlys] = await Promise.all([
      institution('GLCBCNBJ'),
      institution('HVCBHKHH'),
      institution('NRDLNOKK'),
    ]);
    const [chen, amy, kevin, ingrid] = await Promise.all([
      user('staff@bank.example'),
      user('amy.chan@harbourview.example'),
      user('kevin.lau@harbourview.example'),
      user('ingrid.berg@nordlys.example'),
    ]);
    if (!bank || !harbourview || !nordlys || !chen || !amy || !kevin || !ingrid) return;
    // The reviewer's branch: the queue of the Hong Kong branch is Chen Jing's.
    await db
      .updateTable('appUser')
      .set({ profile: sql`jsonb_set(profile, '{mainContactBranch}', '"OS_HONG_KONG"')` })
      .where('id', '=', chen.id)
      .execute();

    const ca = authority;
    const seal = (s: DemoSeal, inst: Institution) => insertSeal(ctx, s, chen, ca, inst);
    const harbourSeal = await seal(
      { holder: amy, name: 'Contract Seal', state: 'effective', appliedAgo: 20, months: 24 },
      harbourview,
    );
    const nordlysSeal = await seal(
      { holder: ingrid, name: 'Kontraktsegl / Contract Seal', state: 'effective', appliedAgo: 18, months: 24 },
      nordlys,
    );
    const bankSeal = await seal(
      { holder: chen, name: '合同专用章', state: 'effective', appliedAgo: 30, months: 36 },
      bank,
    );
    await seal(
      { holder: kevin, name: 'Trade Finance Seal', state: 'submitted', appliedAgo: 1, months: 12 },
      harbourview,
    );
    await seal({ holder: ingrid, name: 'Treasury Seal', state: 'pendingApproval', appliedAgo: 2, months: 12 }, nordlys);
    await seal(
      {
        holder: kevin,
        name: 'Branch Seal',
        state: 'rejected',
        appliedAgo: 9,
        months: 12,
        rejectReason:
          'The authorization letter is not signed by a legal representative. Please apply again with a signed letter.',
      },
      harbourview,
    );
    await seal(
      { holder: amy, name: 'Contract Seal (2025)', state: 'cancelled', appliedAgo: 60, months: 12 },
      harbourview,
    );
    await seal(
      { holder: ingrid, name: 'Contract Seal (2024)', state: 'expired', appliedAgo: 400, months: 12 },
      nordlys,
    );

    const sealOf = new Map([
      [harbourview.id, { ...harbourSeal, holder: amy }],
      [nordlys.id, { ...nordlysSeal, holder: ingrid }],
      [bank.id, { ...bankSeal, holder: chen }],
    ]);
    const agreed = async (publisher: Institution, counterpart: Institution) =>
      db
        .selectFrom('cooperationIntention as n')
        .innerJoin('cooperationRequest as r', 'r.id', 'n.requestId')
        .select(['n.id', 'r.name'])
        .where('n.status', '=', 'agreed')
        .where('n.recipientInstitutionId', '=', publisher.id)
        .where('n.senderInstitutionId', '=', counterpart.id)
        .orderBy('n.id')
        .executeTakeFirst();

    type Plan = {
      publisher: Institution;
      counterpart: Institution;
      stage: 'uploaded' | 'confirmed' | 'signing' | 'signed';
      ago: number;
    };
    const plans: Plan[] = [
      { publisher: bank, counterpart: nordlys, stage: 'uploaded', ago: 1 },
      { publisher: harbourview, counterpart: bank, stage: 'signing', ago: 1 },
      { publisher: nordlys, counterpart: bank, stage: 'signed', ago: 1 },
    ];
    const uploaderOf = (inst: Institution) => (sealOf.get(inst.id) as { holder: User }).holder;
    for (const plan of plans) {
      const deal = await agreed(plan.publisher, plan.counterpart);
      if (!deal) continue;
      const contractLgcSn = newPublicId();
      const owner = `contract:${contractLgcSn}`;
      const uploader = uploaderOf(plan.publisher);
      const at = (hours: number) => new Date(now.getTime() - plan.ago * DAY_MS + hours * 3_600_000);
      const original = await storeFile(ctx, owner, uploader.id, {
        name: 'cooperation-agreement.pdf',
        data: await drawContract('Cooperation agreement', [plan.publisher.name, plan.counterpart.name]),
        mime: 'application/pdf',
        purpose: 'contract',
      });
      const events: Insertable<ContractEventTable>[] = [];
      const event = (
        kind: 'uploaded' | 'confirmed' | 'placed' | 'signed',
        who: User,
        hours: number,
        extra: object = {},
      ) =>
        events.push({
          intentionId: deal.id,
          kind,
          userId: who.id,
          institutionId: who.institutionId,
          at: at(hours),
          ip: '203.0.113.20',
          ...extra,
        });
      event('uploaded', uploader, 0, { fileName: original.name, sha256After: original.sha256 });
      const confirmed = plan.stage !== 'uploaded';
      if (confirmed)
        event('confirmed', uploaderOf(plan.counterpart), 1, {
          fileName: original.name,
          sha256Before: original.sha256,
          sha256After: original.sha256,
        });
      const signers =
        plan.stage === 'signing' ? [plan.publisher] : plan.stage === 'signed' ? [plan.publisher, plan.counterpart] : [];
      const [contractRow] = await db
        .insertInto('contract')
        .values({
          lgcSn: contractLgcSn,
          intentionId: deal.id,
          title: `Cooperation agreement: ${deal.name}`.slice(0, 200),
          state: plan.stage === 'signing' ? 'signing' : plan.stage === 'signed' ? 'signed' : 'uploaded',
          originalFile: original.lgcSn,
          currentFile: original.lgcSn,
          pageCount: 3,
          uploadedBy: uploader.id,
          uploadedAt: at(0),
          confirmedBy: confirmed ? uploaderOf(plan.counterpart).id : null,
          confirmedAt: confirmed ? at(1) : null,
          signedAt: plan.stage === 'signed' ? at(3) : null,
        })
        .returning('id')
        .execute();
      let current = original;
      for (const [index, side] of signers.entries()) {
        const own = sealOf.get(side.id);
        if (!own?.keys) continue;
        const signedAt = at(2 + index);
        const placement = { page: 3, x: index === 0 ? 0.1 : 0.55, y: 0.68 };
        const bytes = await stampAndSign(new Uint8Array(current.data), {
          stamps: [{ ...placement, png: new Uint8Array(own.png) }],
          signer: await authority.keyStore.signer(own.keys.stored, `seal:${own.lgcSn}`, {
            certificateDer: own.keys.certificateDer,
            chain: [ca.certificateDer],
          }),
          reason: `Signed with the electronic seal of ${side.name}`,
          location: 'Interbank Cooperation Portal',
          signingTime: signedAt,
          fieldName: `${side.id === plan.publisher.id ? 'publisher' : 'counterpart'}-${own.sealNo}`,
        });
        const after = await storeFile(ctx, owner, own.holder.id, {
          name: 'cooperation-agreement.pdf',
          data: Buffer.from(bytes),
          mime: 'application/pdf',
          purpose: 'contract',
        });
        const [signature] = await db
          .insertInto('contractSignature')
          .values({
            contractId: Number(contractRow?.id),
            party: side.id === plan.publisher.id ? 'publisher' : 'counterpart',
            institutionId: side.id,
            userId: own.holder.id,
            signingSealId: own.id,
            fileBefore: current.lgcSn,
            fileAfter: after.lgcSn,
            sha256Before: current.sha256,
            sha256After: after.sha256,
            signedAt,
            ip: '203.0.113.20',
          })
          .returning('id')
          .execute();
        await db
          .insertInto('contractPlacement')
          .values({ signatureId: Number(signature?.id), sealId: own.id, ...placement })
          .execute();
        event('placed', own.holder, 2 + index, { sealId: own.id, page: placement.page });
        event('signed', own.holder, 2 + index, {
          sealId: own.id,
          fileName: after.name,
          sha256Before: current.sha256,
          sha256After: after.sha256,
        });
        current = after;
      }
      await db
        .updateTable('contract')
        .set({ currentFile: current.lgcSn })
        .where('id', '=', Number(contractRow?.id))
        .execute();
      await db.insertInto('contractEvent').values(events).execute();
    }
  },
};
