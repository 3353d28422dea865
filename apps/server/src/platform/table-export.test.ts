import { inflateSync } from 'node:zlib';
import { eq, like } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EXPORT_MESSAGES, PDF_MAX_ROWS, type TableExportRequest, exportFileName } from '@tillpoint/contracts/table-load';
import { adminUser, mailOutbox, merchantUser, tax } from '../db/schema';
import { ROLE, addMerchant, addMerchantUser } from '../test/fixtures';
import { type TestApp, createTestApp } from '../test/harness';
import { startSmtp } from '../test/smtp';
import { attachmentHeader, cellText, splitDataUrl, toCsv } from './table-export';
import { smtpTransport } from './outbox';

// ---- a small PDF text reader: enough for pdfkit's output (Type0 fonts with ToUnicode maps) -------

type PdfObject = { dict: string; stream: Buffer | null };

function pdfObjects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  const re = /(\d+) 0 obj\s*([\s\S]*?)endobj/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const body = m[2];
    const at = body.indexOf('stream');
    if (at < 0) {
      objects.set(Number(m[1]), { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, at);
    const start = body.indexOf('\n', at) + 1;
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1]);
    const raw = Buffer.from(body.slice(start, start + length), 'latin1');
    objects.set(Number(m[1]), { dict, stream: dict.includes('/FlateDecode') ? inflateSync(raw) : raw });
  }
  return objects;
}

/** Glyph code → text, from a ToUnicode CMap's bfrange arrays and bfchar lines. */
function toUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const chars = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((h) => Number.parseInt(h, 16)));
  for (const m of cmap.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*\[([^\]]*)\]/gi)) {
    const first = Number.parseInt(m[1], 16);
    for (const [i, u] of [...m[3].matchAll(/<([0-9a-f]+)>/gi)].entries()) map.set(first + i, chars(u[1]));
  }
  for (const m of cmap.matchAll(/<([0-9a-f]{4})>\s*<([0-9a-f]+)>\s*$/gim)) map.set(Number.parseInt(m[1], 16), chars(m[2]));
  return map;
}

/**
 * The text of every page, one entry per line: runs on the same baseline are joined in order of x,
 * directly where a run ends with its space (pdfmake writes a word at a time), else with a tab (cells).
 */
function pdfText(pdf: Buffer): string[] {
  const objects = pdfObjects(pdf);
  const ref = (dict: string, key: string) => Number(new RegExp(`/${key} (\\d+) 0 R`).exec(dict)?.[1]);
  const lines: string[] = [];
  for (const page of [...objects.values()].filter((o) => /\/Type \/Page\b/.test(o.dict))) {
    const resources = objects.get(ref(page.dict, 'Resources'))?.dict ?? page.dict;
    const fonts = new Map<string, Map<number, string>>();
    for (const f of resources.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const font = objects.get(Number(f[2]));
      const cmap = font && objects.get(ref(font.dict, 'ToUnicode'))?.stream;
      if (cmap) fonts.set(f[1], toUnicode(cmap.toString('latin1')));
    }
    const content = objects.get(ref(page.dict, 'Contents'))?.stream?.toString('latin1') ?? '';
    let font = new Map<number, string>();
    let x = 0;
    let y = 0;
    const runs: { x: number; y: number; text: string }[] = [];
    for (const op of content.matchAll(/\/(F\d+) [\d.]+ Tf|([\d.-]+) ([\d.-]+) Tm|\[((?:<[0-9a-f]*>|[^\]])*)\] TJ|<([0-9a-f]*)> Tj/gi)) {
      if (op[1]) font = fonts.get(op[1]) ?? new Map();
      else if (op[2]) [x, y] = [Number(op[2]), Number(op[3])];
      else {
        const hex = [...(op[4] ?? op[5] ?? '').matchAll(/<([0-9a-f]*)>/gi)].map((h) => h[1]).join('');
        runs.push({ x, y, text: (hex.match(/.{4}/g) ?? []).map((g) => font.get(Number.parseInt(g, 16)) ?? '?').join('') });
      }
    }
    for (const at of [...new Set(runs.map((r) => r.y))]) {
      const line = runs.filter((r) => r.y === at).sort((a, b) => a.x - b.x);
      lines.push(line.map((r, i) => (i === 0 || line[i - 1].text.endsWith(' ') ? r.text : `\t${r.text}`)).join('').trim());
    }
  }
  return lines;
}

// ---- the app -------------------------------------------------------------------------------

const TAX = '/api/storemanagement/tax/all';
const ACCOUNTS = '/api/merchant/account/all';
const taxColumns = [
  { field: 'name', header: 'Name' },
  { field: 'rate', header: 'Rate' },
];
const body = (over: Partial<TableExportRequest> = {}): TableExportRequest => ({
  filter: [],
  sort: [{ name: 'name', ascending: true }],
  pageNumber: 3,
  limit: 5,
  title: 'Taxes',
  columns: taxColumns,
  timeZone: 'Europe/London',
  ...over,
});

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const tok = { owner: '', clerk: '', admin: '', other: '' };
let accountA: number;
let branchA: number;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ mail: smtpTransport({ host: '127.0.0.1', port: smtp.port, secure: false, from: 'reports@tillpoint.local' }) });
  const owner = await t.signIn('merchant');
  tok.owner = owner.accessToken;
  accountA = owner.userDTO.merchantAccountId;
  branchA = owner.userDTO.merchantBranchId;
  tok.admin = (await t.signIn('admin')).accessToken;
  await addMerchantUser(t.db, { merchantAccountId: accountA, merchantBranchId: branchA, userName: 'clerk', password: 'Clerk1234', roleIds: [ROLE.clerk] });
  tok.clerk = (await t.signIn('merchant', { domainName: 'demo-bistro', userName: 'clerk', password: 'Clerk1234' })).accessToken;
  const other = await addMerchant(t.db, { domainName: 'other-cafe', userName: 'bob', password: 'Bob12345' });
  await t.db.insert(tax).values({ merchantAccountId: other.merchantAccountId, merchantBranchId: other.merchantBranchId, name: 'Other VAT', rateBp: 2000 });
  tok.other = (await t.signIn('merchant', { domainName: 'other-cafe', userName: 'bob', password: 'Bob12345' })).accessToken;
  // Taxes whose names need CSV quoting and the formula guard.
  await t.db.insert(tax).values([
    { merchantAccountId: accountA, merchantBranchId: branchA, name: 'Standard, takeaway', rateBp: 2000 },
    { merchantAccountId: accountA, merchantBranchId: branchA, name: 'Say "hi"', rateBp: 1750 },
    { merchantAccountId: accountA, merchantBranchId: branchA, name: '=1+1', rateBp: 0 },
  ]);
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});
beforeEach(() => {
  smtp.received.length = 0;
});

const put = (url: string, payload: unknown, token?: string) =>
  t.app.inject({
    method: 'PUT',
    url,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: JSON.stringify(payload),
  });

/** The table's own rows, as the table shows them with every row on one page. */
const tableRows = async (url: string, req: TableExportRequest, token: string) => {
  const res = await put(url, { filter: req.filter, sort: req.sort, pageNumber: 0, limit: -1 }, token);
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: Record<string, unknown>[] }).data;
};

describe('table exports: the files', () => {
  it('CSV: the table rows with its headers, RFC 4180 quoting, a formula guard and a BOM, named with a timestamp', async () => {
    const req = body();
    const res = await put(`${TAX}/export/csv`, req, tok.owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const name = /filename="([^"]+)"/.exec(String(res.headers['content-disposition']))?.[1];
    expect(res.headers['content-disposition']).toMatch(/^attachment; /);
    expect(name).toMatch(/^Taxes_\d{2}\.\d{2}\.\d{4}_\d{2}\.\d{2}\.csv$/);
    // Sorted by name as the table asked, every row although the table showed page 3 of 5.
    expect(res.body).toBe(
      '\uFEFFName,Rate\r\n"\'=1+1",0\r\nReduced,5\r\n"Say ""hi""",17.5\r\nStandard,20\r\n"Standard, takeaway",20\r\nZero,0\r\n',
    );
    expect(res.body).not.toContain('Other VAT');
  });

  it('CSV: the filter and the sort are the table\'s own', async () => {
    const req = body({ filter: [{ name: 'name', value: 'standard', filterMatchMode: 'contains' }], sort: [{ name: 'rate', ascending: false }, { name: 'name', ascending: false }] });
    const res = await put(`${TAX}/export/csv`, req, tok.owner);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('\uFEFFName,Rate\r\n"Standard, takeaway",20\r\nStandard,20\r\n');
    const rows = await tableRows(TAX, req, tok.owner);
    expect(rows.map((r) => r.name)).toEqual(['Standard, takeaway', 'Standard']);
  });

  it('Excel: sheet "Sheet" with a bold header row and the rows as the table has them, named by the title', async () => {
    const req = body({ sort: [{ name: 'rate', ascending: false }] });
    const res = await put(`${TAX}/export/xlsx`, req, tok.owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Taxes.xlsx"; filename*=UTF-8''Taxes.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((s) => s.name)).toEqual(['Sheet']);
    const sheet = wb.getWorksheet('Sheet');
    if (!sheet) throw new Error('no sheet');
    const values = sheet.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1));
    const rows = await tableRows(TAX, req, tok.owner);
    expect(values).toEqual([['Name', 'Rate'], ...rows.map((r) => [r.name, r.rate])]);
    expect(values).toHaveLength(7);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.getColumn(1).width).toBeGreaterThanOrEqual('Standard, takeaway'.length);
  });

  it('PDF: A4 portrait with the title, the headers and every row\'s text; landscape when the columns need it', async () => {
    const res = await put(`${TAX}/export/pdf`, body(), tok.owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('filename="Taxes.pdf"');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('/MediaBox [0 0 595.28 841.89]');
    const text = pdfText(pdf);
    expect(text[0]).toBe('Taxes');
    expect(text[1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} · Number Of Records: 6$/);
    const table = text.slice(2);
    expect(table).toEqual(['Name\tRate', '=1+1\t0', 'Reduced\t5', 'Say "hi"\t17.5', 'Standard\t20', 'Standard, takeaway\t20', 'Zero\t0', '1 / 1']);

    // Seven columns of the account list do not fit a portrait page.
    const columns = ['tradingName', 'businessName', 'companyNo', 'vatNo', 'contact', 'status', 'id'].map((field) => ({ field, header: field }));
    const wide = await put(`${ACCOUNTS}/export/pdf`, body({ title: 'Merchant Accounts', columns, sort: [] }), tok.admin);
    expect(wide.statusCode).toBe(200);
    expect(wide.rawPayload.toString('latin1')).toContain('/MediaBox [0 0 841.89 595.28]');
    expect(pdfText(wide.rawPayload).some((l) => l.startsWith('Demo Bistro\tDemo Bistro Ltd'))).toBe(true);
  });

  it('a table of no rows still exports its header', async () => {
    const req = body({ filter: [{ name: 'name', value: 'nothing like this', filterMatchMode: 'contains' }] });
    expect((await put(`${TAX}/export/csv`, req, tok.owner)).body).toBe('\uFEFFName,Rate\r\n');
    const xlsx = await put(`${TAX}/export/xlsx`, req, tok.owner);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(wb.getWorksheet('Sheet')?.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1))).toEqual([['Name', 'Rate']]);
    const pdf = await put(`${TAX}/export/pdf`, req, tok.owner);
    expect(pdfText(pdf.rawPayload).slice(-2)).toEqual(['Name\tRate', '1 / 1']);
  });

  it('a long table: every row (past the 1,000 a page may hold), the PDF header on every page, no PDF past its limit', async () => {
    const bulk = (n: number, from = 0) =>
      Array.from({ length: n }, (_, i) => ({ merchantAccountId: accountA, merchantBranchId: branchA, name: `Bulk ${String(from + i).padStart(5, '0')}`, rateBp: 100 }));
    const onlyBulk = body({ filter: [{ name: 'name', value: 'Bulk', filterMatchMode: 'startsWith' }] });
    try {
      await t.db.insert(tax).values(bulk(150));
      const pdf = await put(`${TAX}/export/pdf`, onlyBulk, tok.owner);
      expect(pdf.statusCode).toBe(200);
      const pages = pdf.rawPayload.toString('latin1').match(/\/Type \/Page\b/g) ?? [];
      expect(pages.length).toBeGreaterThan(2);
      const text = pdfText(pdf.rawPayload);
      expect(text.filter((l) => l === 'Name\tRate')).toHaveLength(pages.length);
      expect(text.filter((l) => l.startsWith('Bulk '))).toEqual(bulk(150).map((r) => `${r.name}\t1`));
      expect(text.at(-1)).toBe(`${pages.length} / ${pages.length}`);

      await t.db.insert(tax).values(bulk(PDF_MAX_ROWS + 1 - 150, 150));
      const csv = await put(`${TAX}/export/csv`, onlyBulk, tok.owner);
      expect(csv.statusCode).toBe(200);
      expect(csv.body.split('\r\n').slice(1, -1)).toEqual(bulk(PDF_MAX_ROWS + 1).map((r) => `${r.name},1`));
      const tooLong = await put(`${TAX}/export/pdf`, onlyBulk, tok.owner);
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json()).toEqual({ type: 'WARNING', details: EXPORT_MESSAGES.pdfTooLong });
    } finally {
      await t.db.delete(tax).where(like(tax.name, 'Bulk %'));
    }
  });

  it('the admin account list exports with its url parameter form too (branches of an account)', async () => {
    const columns = [
      { field: 'tradingName', header: 'Trading Name' },
      { field: 'domainName', header: 'Domain Name' },
    ];
    const res = await put(`/api/merchant/branch/${accountA}/branches/export/csv`, body({ title: 'Branches', columns, sort: [] }), tok.admin);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('\uFEFFTrading Name,Domain Name\r\nDemo Bistro,demo-bistro\r\n');
    // An account that does not exist is the table's own 404.
    expect((await put('/api/merchant/branch/999999/branches/export/csv', body({ columns }), tok.admin)).statusCode).toBe(404);
  });
});

describe('table exports: who may export what', () => {
  it('no token is a 401, even with a bad body', async () => {
    expect((await put(`${TAX}/export/csv`, body())).statusCode).toBe(401);
    expect((await put(`${TAX}/export/csv`, { title: 5 })).statusCode).toBe(401);
    expect((await put(`${TAX}/sendEmail`, body())).statusCode).toBe(401);
  });

  it('a merchant user without View on the table is a 403, before any complaint about the body', async () => {
    for (const format of ['csv', 'xlsx', 'pdf']) expect((await put(`${TAX}/export/${format}`, body(), tok.clerk)).statusCode).toBe(403);
    expect((await put(`${TAX}/export/csv`, { columns: 'x' }, tok.clerk)).statusCode).toBe(403);
    expect((await put(`${TAX}/export/doc`, body(), tok.clerk)).statusCode).toBe(403);
    expect((await put(`${TAX}/sendEmail`, body(), tok.clerk)).statusCode).toBe(403);
    // A merchant is not an administrator: the account list is refused.
    expect((await put(`${ACCOUNTS}/export/csv`, body({ columns: [{ field: 'tradingName', header: 'Trading Name' }] }), tok.owner)).statusCode).toBe(403);
  });

  it('each tenant exports its own rows only', async () => {
    const res = await put(`${TAX}/export/csv`, body(), tok.other);
    expect(res.body).toBe('\uFEFFName,Rate\r\nOther VAT,20\r\n');
  });

  it('a bad body from a caller who may read the table is a 400 in words', async () => {
    const noTitle = await put(`${TAX}/export/csv`, { ...body(), title: '' }, tok.owner);
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json()).toMatchObject({ type: 'WARNING' });
    expect((await put(`${TAX}/export/doc`, body(), tok.owner)).statusCode).toBe(400);
    const unknown = await put(`${TAX}/export/csv`, body({ columns: [{ field: 'rateBp', header: 'Secret' }] }), tok.owner);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ type: 'WARNING', details: EXPORT_MESSAGES.unknownColumn('rateBp') });
    // The table's own checks still apply: an unknown filter name is its 400.
    const filter = await put(`${TAX}/export/csv`, body({ filter: [{ name: 'rateBp', value: 1, filterMatchMode: 'equals' }] }), tok.owner);
    expect(filter.statusCode).toBe(400);
    expect(filter.json()).toMatchObject({ details: 'Unknown filter field: rateBp' });
  });
});

describe('sendEmail: the export mailed to the signed-in user', () => {
  it('queues the mail with the Excel file and the worker delivers it over SMTP', async () => {
    const [owner] = await t.db.select().from(merchantUser).where(eq(merchantUser.userName, 'owner'));
    const req = body({ filter: [{ name: 'name', value: 'standard', filterMatchMode: 'contains' }] });
    const res = await put(`${TAX}/sendEmail`, req, tok.owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    const [queued] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, owner.email));
    expect(queued).toMatchObject({ subject: 'Taxes', status: 'PENDING' });

    await t.runJob('mail-outbox');
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0];
    expect(mail.to).toEqual([owner.email]);
    expect(mail.raw).toMatch(/^Subject: Taxes\r?$/m);
    expect(mail.raw).toContain('Taxes: 2 records');
    const part = attachmentOf(mail.raw, 'Taxes.xlsx');
    expect(part.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(part.content as unknown as ArrayBuffer);
    expect(wb.getWorksheet('Sheet')?.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1))).toEqual([
      ['Name', 'Rate'],
      ['Standard', 20],
      ['Standard, takeaway', 20],
    ]);
  });

  it('attaches the format asked for: a PDF of the admin account list to the administrator', async () => {
    const [admin] = await t.db.select().from(adminUser).limit(1);
    const columns = [{ field: 'tradingName', header: 'Trading Name' }];
    const res = await put(`${ACCOUNTS}/sendEmail`, { ...body({ title: 'Merchant Accounts', columns, sort: [] }), format: 'pdf' }, tok.admin);
    expect(res.statusCode).toBe(200);
    await t.runJob('mail-outbox');
    expect(smtp.received.map((m) => m.to)).toEqual([[admin.email]]);
    const part = attachmentOf(smtp.received[0].raw, 'Merchant Accounts.pdf');
    expect(part.contentType).toBe('application/pdf');
    expect(pdfText(part.content)).toContain('Demo Bistro');
  });

  it('a user without an e-mail address gets a 400 and nothing is queued', async () => {
    const before = await t.db.select().from(mailOutbox);
    await t.db.update(merchantUser).set({ email: '' }).where(eq(merchantUser.userName, 'owner'));
    try {
      const res = await put(`${TAX}/sendEmail`, body(), tok.owner);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ type: 'WARNING', details: EXPORT_MESSAGES.noEmail });
      expect(await t.db.select().from(mailOutbox)).toHaveLength(before.length);
    } finally {
      await t.db.update(merchantUser).set({ email: 'owner@demo-bistro.local' }).where(eq(merchantUser.userName, 'owner'));
    }
  });
});

describe('table exports: the pieces', () => {
  const at = new Date(Date.UTC(2026, 6, 5, 23, 7));
  it('names files as the spec says, in the caller\'s time zone', () => {
    expect(exportFileName('Taxes', 'xlsx', at, 'Europe/London')).toBe('Taxes.xlsx');
    expect(exportFileName('Taxes', 'pdf', at, 'Europe/London')).toBe('Taxes.pdf');
    expect(exportFileName('Taxes', 'csv', at, 'Europe/London')).toBe('Taxes_06.07.2026_00.07.csv');
    expect(exportFileName('Taxes', 'csv', at, 'UTC')).toBe('Taxes_05.07.2026_23.07.csv');
    expect(exportFileName('a/b:"c"', 'pdf', at)).toBe('a_b_c_.pdf');
    expect(attachmentHeader('Café "x".pdf')).toBe(`attachment; filename="Caf_ _x_.pdf"; filename*=UTF-8''Caf%C3%A9%20%22x%22.pdf`);
  });

  it('formats cells as the table shows them', () => {
    expect(cellText(at.toISOString(), 'dateTime', 'Europe/London')).toBe('06/07/2026 00:07');
    expect(cellText(at.toISOString(), 'date', 'UTC')).toBe('05/07/2026');
    expect(cellText(1234.5, 'money', 'UTC')).toBe('£1,234.50');
    expect(cellText(-3, 'money', 'UTC')).toBe('-£3.00');
    expect(cellText(17.5, 'percent', 'UTC')).toBe('17.50%');
    expect(cellText(true, undefined, 'UTC')).toBe('Yes');
    expect(cellText(null, 'money', 'UTC')).toBe('');
  });

  it('CSV guards text cells that start with a formula sign, not numbers', () => {
    const csv = toCsv({
      title: 'x',
      columns: [{ field: 'a', header: 'A' }],
      rows: [{ a: '+44 7700' }, { a: -3 }, { a: '@SUM(A1)' }, { a: 'line\nbreak' }],
      timeZone: 'UTC',
      at,
    });
    expect(csv).toBe('\uFEFFA\r\n"\'+44 7700"\r\n-3\r\n"\'@SUM(A1)"\r\n"line\nbreak"\r\n');
  });

  it('splits a data URL from its trailing parameters', () => {
    expect(splitDataUrl('/api/x/all')).toEqual({ dataUrl: '/api/x/all', params: '' });
    expect(splitDataUrl('/api/x/all/:branchId')).toEqual({ dataUrl: '/api/x/all', params: '/:branchId' });
    expect(splitDataUrl('/api/x/:id/branches')).toEqual({ dataUrl: '/api/x/:id/branches', params: '' });
  });

  it('every table load of the app has its export and sendEmail routes', () => {
    for (const url of ['/api/storemanagement/tax/all/export/:format', '/api/storemanagement/tax/all/sendEmail', '/api/merchant/account/all/export/:format']) {
      expect(t.app.hasRoute({ method: 'PUT', url }), url).toBe(true);
    }
    expect(t.app.hasRoute({ method: 'PUT', url: '/api/merchant/branch/:id/branches/sendEmail' })).toBe(true);
    expect(t.app.hasRoute({ method: 'PUT', url: '/api/merchant/license/all/export/:format' })).toBe(true);
    expect(t.app.hasRoute({ method: 'PUT', url: '/api/adminuser/all/sendEmail' })).toBe(true);
  });

  it('the OpenAPI document lists them with their bodies', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = (res.json() as { paths: Record<string, { put?: { requestBody?: unknown; parameters?: { name: string }[] } }> }).paths;
    const exportPut = paths['/api/storemanagement/tax/all/export/{format}']?.put;
    expect(exportPut?.parameters?.map((p) => p.name)).toContain('format');
    expect(JSON.stringify(exportPut?.requestBody)).toContain('columns');
    expect(paths['/api/merchant/branch/{id}/branches/sendEmail']?.put).toBeDefined();
  });
});

/** An attachment of a raw MIME message, by its file name (headers unfolded, names quoted or not). */
function attachmentOf(raw: string, fileName: string): { contentType: string; content: Buffer } {
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(raw)?.[1];
  if (!boundary) throw new Error('not multipart');
  for (const part of raw.split(`--${boundary}`)) {
    const [folded, ...rest] = part.split(/\r?\n\r?\n/);
    const head = folded.replace(/\r?\n[ \t]+/g, ' ');
    const name = /filename="?([^";\r\n]+)"?/i.exec(head)?.[1];
    if (name !== fileName) continue;
    expect(head).toMatch(/Content-Disposition: attachment/i);
    expect(head).toMatch(/Content-Transfer-Encoding: base64/i);
    return { contentType: /Content-Type: *([^;\r\n]+)/i.exec(head)?.[1] ?? '', content: Buffer.from(rest.join('').replace(/\s+/g, ''), 'base64') };
  }
  throw new Error(`no attachment ${fileName} in:\n${raw.slice(0, 2000)}`);
}
