import { dirname, join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { and, eq } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Content, TDocumentDefinitions, TableCell } from 'pdfmake/interfaces';
import { z } from 'zod';
import { apiErrorSchema } from '@tillpoint/contracts/api-error';
import {
  type CellFormat,
  EXPORT_FORMATS,
  EXPORT_MESSAGES,
  type ExportColumn,
  type ExportFormat,
  PDF_MAX_ROWS,
  exportFileName,
  tableEmailRequestSchema,
  tableExportRequestSchema,
  tableLoadRequestSchema,
  wallClock,
} from '@tillpoint/contracts/table-load';
import type { Db } from '../db/open-db';
import { adminUser, merchantUser } from '../db/schema';
import { requireUser } from './auth';
import { badRequest } from './errors';
import { enqueueMail } from './outbox';

/**
 * Table exports (Excel, PDF, CSV) and the report mail for every table load (ARCHITECTURE §2). No
 * table declares them: every PUT route whose body is the generic table-load body gets
 * `{dataURL}/export/{format}[/{param}]` and `{dataURL}/sendEmail[/{param}]` beside it. Their rows come
 * from the table's own route, called in-process with the caller's token and `limit: -1`, so the
 * privileges, the tenant, the filters and the sort are exactly the table's.
 */

export type ExportTable = {
  title: string;
  columns: ExportColumn[];
  rows: Record<string, unknown>[];
  timeZone: string;
  /** When the export was made: the CSV name carries it. */
  at: Date;
};
export type ExportFile = { fileName: string; contentType: string; content: Buffer };

const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
};

const pad2 = (n: number) => String(n).padStart(2, '0');
const money = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function asDate(value: unknown): Date | null {
  if (typeof value !== 'string' && typeof value !== 'number' && !(value instanceof Date)) return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A cell as the table shows it (spec 1 §9: £ money, 2-decimal percent, DD/MM/YYYY [HH:mm] in the caller's zone). */
export function cellText(value: unknown, format: CellFormat | undefined, timeZone: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (format === 'date' || format === 'dateTime') {
    const d = asDate(value);
    if (d) {
      const c = wallClock(d, timeZone);
      const day = `${pad2(c.day)}/${pad2(c.month)}/${c.year}`;
      return format === 'date' ? day : `${day} ${pad2(c.hour)}:${pad2(c.minute)}`;
    }
  }
  if ((format === 'money' || format === 'percent') && typeof value === 'number') {
    return format === 'money' ? `${value < 0 ? '-' : ''}£${money.format(Math.abs(value))}` : `${money.format(value)}%`;
  }
  if (Array.isArray(value)) return value.map((v) => cellText(v, format, timeZone)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

// ---- CSV -------------------------------------------------------------------------------------

function csvCell(text: string, isText: boolean): string {
  // A text cell starting with a formula sign would run as a formula when the file is opened.
  const safe = isText && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n']/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** RFC 4180 text with CRLF line ends, and a BOM so spreadsheet programs read it as UTF-8. */
export function toCsv(table: ExportTable): string {
  const lines = [table.columns.map((c) => csvCell(c.header, true)).join(',')];
  for (const row of table.rows) {
    lines.push(table.columns.map((c) => csvCell(cellText(row[c.field], c.format, table.timeZone), typeof row[c.field] === 'string')).join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

// ---- Excel -----------------------------------------------------------------------------------

const NUM_FMT: Record<CellFormat, string> = {
  date: 'dd/mm/yyyy',
  dateTime: 'dd/mm/yyyy hh:mm',
  money: '"£"#,##0.00;-"£"#,##0.00',
  percent: '0.00"%"',
};

/** A typed Excel value: numbers stay numbers and dates become dates (at the wall-clock time of the zone). */
function excelValue(value: unknown, format: CellFormat | undefined, timeZone: string): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (format === 'date' || format === 'dateTime') {
    const d = asDate(value);
    if (d) {
      const c = wallClock(d, timeZone);
      // Excel has no time zones: its serial is read as the local time shown, which exceljs writes from UTC.
      return new Date(Date.UTC(c.year, c.month - 1, c.day, format === 'date' ? 0 : c.hour, format === 'date' ? 0 : c.minute));
    }
  }
  return cellText(value, format, timeZone);
}

/** Widths in characters from the longest text of each column, within reason. */
function charWidths(table: ExportTable): number[] {
  return table.columns.map((c) => {
    let longest = c.header.length;
    for (const row of table.rows) longest = Math.max(longest, cellText(row[c.field], c.format, table.timeZone).length);
    return Math.min(60, Math.max(8, longest + 2));
  });
}

export async function toXlsx(table: ExportTable): Promise<Buffer> {
  const { Workbook } = (await import('exceljs')).default;
  const workbook = new Workbook();
  workbook.created = table.at;
  workbook.title = table.title;
  const sheet = workbook.addWorksheet('Sheet', { views: [{ state: 'frozen', ySplit: 1 }] });
  const widths = charWidths(table);
  sheet.columns = table.columns.map((c, i) => ({
    header: c.header,
    key: String(i),
    width: widths[i],
    style: c.format ? { numFmt: NUM_FMT[c.format] } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of table.rows) sheet.addRow(table.columns.map((c) => excelValue(row[c.field], c.format, table.timeZone)));
  if (table.columns.length) sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: table.columns.length } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

// ---- PDF -------------------------------------------------------------------------------------

const fontDir = join(dirname(createRequire(import.meta.url).resolve('pdfmake/package.json')), 'fonts', 'Roboto');
type Pdfmake = typeof import('pdfmake');
let pdfmakeLoaded: Promise<Pdfmake> | undefined;

/**
 * pdfmake (and exceljs, in toXlsx) load on the first export, not at start-up: together they take
 * about a second to load, which every restart would otherwise wait for. Every PDF of the server
 * (table exports, the floor plan's QR sheet) takes pdfmake from here, set up once.
 */
export function loadPdfmake() {
  pdfmakeLoaded ??= import('pdfmake').then((mod) => {
    // CommonJS: its functions are on the default export at run time (its types say named exports).
    const pdfmake = (mod as { default?: Pdfmake }).default ?? mod;
    pdfmake.setFonts({
      Roboto: {
        normal: join(fontDir, 'Roboto-Regular.ttf'),
        bold: join(fontDir, 'Roboto-Medium.ttf'),
        italics: join(fontDir, 'Roboto-Italic.ttf'),
        bolditalics: join(fontDir, 'Roboto-MediumItalic.ttf'),
      },
    });
    // Documents are built from table text only: no URL is ever fetched, and no file but the fonts is read.
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy((path) => resolve(path).startsWith(fontDir));
    return pdfmake;
  });
  return pdfmakeLoaded;
}

const A4_WIDTH = { portrait: 595.28, landscape: 841.89 };
const MARGIN = 30;
const FONT_SIZE = 9;
/** About the width of an average Roboto character at the body size, and a cell's padding. */
const CHAR_PT = FONT_SIZE * 0.5;
const CELL_PAD = 10;

/** A4 portrait (spec 1 §9) unless the columns need more room than a portrait page has. */
export function pdfOrientation(table: ExportTable): 'portrait' | 'landscape' {
  if (table.columns.length > 6) return 'landscape';
  const wanted = charWidths(table).reduce((sum, w) => sum + Math.min(w, 40) * CHAR_PT + CELL_PAD, 0);
  return wanted > A4_WIDTH.portrait - 2 * MARGIN ? 'landscape' : 'portrait';
}

export async function toPdf(table: ExportTable): Promise<Buffer> {
  const orientation = pdfOrientation(table);
  // Columns share the page in proportion to their longest text (capped), less the layout's cell padding.
  const weights = charWidths(table).map((w) => Math.min(w, 40));
  const room = A4_WIDTH[orientation] - 2 * MARGIN - 16 * table.columns.length;
  const total = weights.reduce((a, b) => a + b, 0);
  const widths = weights.map((w) => Math.floor((room * w) / total));
  const numeric = table.columns.map((c) => c.format === 'money' || c.format === 'percent' || table.rows.some((r) => typeof r[c.field] === 'number'));
  const header: TableCell[] = table.columns.map((c) => ({ text: c.header, bold: true, fillColor: '#eeeeee' }));
  const body: TableCell[][] = [header];
  for (const row of table.rows) {
    body.push(table.columns.map((c, i) => ({ text: cellText(row[c.field], c.format, table.timeZone), alignment: numeric[i] ? 'right' : 'left' })));
  }
  const printed = cellText(table.at, 'dateTime', table.timeZone);
  const content: Content[] = [
    { text: table.title, fontSize: 14, bold: true, margin: [0, 0, 0, 4] },
    { text: `${printed} · Number Of Records: ${table.rows.length}`, fontSize: 8, color: '#555555', margin: [0, 0, 0, 8] },
    // The header row repeats on every page.
    { table: { headerRows: 1, widths, body }, layout: 'lightHorizontalLines' },
  ];
  const doc: TDocumentDefinitions = {
    pageSize: 'A4',
    pageOrientation: orientation,
    pageMargins: [MARGIN, MARGIN, MARGIN, MARGIN + 10],
    info: { title: table.title, creator: 'Tillpoint' },
    defaultStyle: { font: 'Roboto', fontSize: FONT_SIZE },
    content,
    footer: (page, pages) => ({ text: `${page} / ${pages}`, alignment: 'right', fontSize: 8, margin: [0, 10, MARGIN, 0] }),
  };
  return (await loadPdfmake()).createPdf(doc).getBuffer();
}

export async function renderExport(format: ExportFormat, table: ExportTable): Promise<ExportFile> {
  // Laying out a PDF is slow and holds the event loop (about a second per few thousand rows here).
  if (format === 'pdf' && table.rows.length > PDF_MAX_ROWS) throw badRequest(EXPORT_MESSAGES.pdfTooLong);
  const content = format === 'xlsx' ? await toXlsx(table) : format === 'pdf' ? await toPdf(table) : Buffer.from(toCsv(table), 'utf8');
  return { fileName: exportFileName(table.title, format, table.at, table.timeZone), contentType: CONTENT_TYPES[format], content };
}

/** `attachment` with a plain ASCII name and the exact UTF-8 one (RFC 6266), so no header can be broken out of. */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

// ---- Routes ----------------------------------------------------------------------------------

type Loaded = { ok: true; rows: Record<string, unknown>[] } | { ok: false; status: number; payload: string };

/** The keys of a zod object (or of an intersection of objects), when the row schema says them. */
function schemaKeys(schema: unknown): string[] | null {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodIntersection) {
    const left = schemaKeys(schema.def.left);
    const right = schemaKeys(schema.def.right);
    return left && right ? [...left, ...right] : null;
  }
  return null;
}

/** The row fields a table load declares in its 200 reply schema, or null when it cannot tell. */
function rowKeysOf(route: RouteOptions): Set<string> | null {
  const reply = (route.schema?.response as Record<string, unknown> | undefined)?.[200];
  if (!(reply instanceof z.ZodObject)) return null;
  const data = reply.shape.data;
  const keys = data instanceof z.ZodArray ? schemaKeys(data.element) : null;
  return keys ? new Set(keys) : null;
}

/** Splits `/a/all/:branchId` into the data URL `/a/all` and its trailing parameters `/:branchId`. */
export function splitDataUrl(path: string): { dataUrl: string; params: string } {
  const segments = path.split('/');
  let cut = segments.length;
  while (cut > 0 && segments[cut - 1].startsWith(':')) cut--;
  return { dataUrl: segments.slice(0, cut).join('/'), params: segments.slice(cut).map((s) => `/${s}`).join('') };
}

const fillParams = (url: string, params: Record<string, string>) =>
  url.replace(/:(\w+)(\([^)]*\))?/g, (_m, name: string) => encodeURIComponent(params[name] ?? ''));

const exportParams = z.looseObject({ format: z.enum(EXPORT_FORMATS) });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** The e-mail address of the signed-in admin or merchant user, if it has one. */
async function userEmail(db: Db, req: FastifyRequest): Promise<string | null> {
  const p = req.principal;
  if (!p) return null;
  if (p.userType === 'admin') {
    const [row] = await db.select({ email: adminUser.email }).from(adminUser).where(eq(adminUser.id, p.userId));
    return row?.email || null;
  }
  if (p.userType === 'merchant' && p.merchantAccountId !== null) {
    const [row] = await db
      .select({ email: merchantUser.email })
      .from(merchantUser)
      .where(and(eq(merchantUser.merchantAccountId, p.merchantAccountId), eq(merchantUser.id, p.userId)));
    return row?.email || null;
  }
  return null;
}

/**
 * Adds the export and sendEmail routes to every table load registered after this call (so call it
 * before the modules). The new routes live in the table's own plugin scope, so hooks a module puts on
 * its group of routes guard them too. A table load is recognised by its body schema being
 * `tableLoadRequestSchema` itself: a route that extends the body would not get exports.
 */
export function registerTableExports(root: FastifyInstance, db: Db) {
  root.addHook('onRoute', function (route) {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes('PUT') || route.schema?.body !== tableLoadRequestSchema) return;
    const { dataUrl, params } = splitDataUrl(route.routePath);
    if (/:format\b/.test(route.routePath)) throw new Error(`table load ${route.url} has a :format parameter, which its export route needs`);
    const tags = route.schema?.tags;
    const rowKeys = rowKeysOf(route);

    /** The table's rows through its own route: same token, same filter and sort, every row. */
    const load = async (req: FastifyRequest, body: { filter: unknown; sort: unknown } | null): Promise<Loaded> => {
      const res = await root.inject({
        method: 'PUT',
        url: fillParams(route.url, req.params as Record<string, string>),
        headers: req.headers.authorization ? { authorization: req.headers.authorization } : {},
        // Without a valid body (see below) the call only asks whether the caller may read the table.
        payload: body ? { filter: body.filter, sort: body.sort, pageNumber: 0, limit: -1 } : { pageNumber: 0, limit: 0 },
      });
      if (res.statusCode !== 200) return { ok: false, status: res.statusCode, payload: res.body };
      return { ok: true, rows: (res.json() as { data: Record<string, unknown>[] }).data };
    };

    /**
     * Loads the rows, or answers as the table would have: its 401/403/404 come before any complaint
     * about the export body, so a caller without the table's privileges learns nothing from a 400.
     */
    const rowsFor = async (req: FastifyRequest, reply: FastifyReply): Promise<ExportTable | null> => {
      const body = req.validationError ? null : (req.body as z.output<typeof tableExportRequestSchema>);
      const loaded = await load(req, body);
      if (!loaded.ok) {
        reply.status(loaded.status).header('content-type', 'application/json; charset=utf-8').send(loaded.payload);
        return null;
      }
      if (!body) throw req.validationError;
      const known = rowKeys ?? (loaded.rows[0] ? new Set(Object.keys(loaded.rows[0])) : null);
      const unknown = known && body.columns.find((c) => !known.has(c.field));
      if (unknown) throw badRequest(EXPORT_MESSAGES.unknownColumn(unknown.field));
      return { title: body.title, columns: body.columns, rows: loaded.rows, timeZone: body.timeZone, at: new Date() };
    };

    const onRequest = async (req: FastifyRequest) => {
      requireUser(req);
    };

    this.route({
      method: 'PUT',
      url: `${dataUrl}/export/:format${params}`,
      onRequest,
      attachValidation: true,
      schema: { tags, params: exportParams, body: tableExportRequestSchema, response: errors },
      handler: async (req, reply) => {
        const table = await rowsFor(req, reply);
        if (!table) return reply;
        const file = await renderExport((req.params as z.output<typeof exportParams>).format, table);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', attachmentHeader(file.fileName))
          .header('cache-control', 'no-store')
          .send(file.content);
      },
    });

    this.route({
      method: 'PUT',
      url: `${dataUrl}/sendEmail${params}`,
      onRequest,
      attachValidation: true,
      schema: { tags, body: tableEmailRequestSchema, response: { 200: z.object({}), ...errors } },
      handler: async (req, reply) => {
        const table = await rowsFor(req, reply);
        if (!table) return reply;
        const to = await userEmail(db, req);
        if (!to) throw badRequest(EXPORT_MESSAGES.noEmail);
        const file = await renderExport((req.body as z.output<typeof tableEmailRequestSchema>).format, table);
        await enqueueMail(db, {
          to,
          subject: table.title,
          text: `${table.title}: ${table.rows.length} record${table.rows.length === 1 ? '' : 's'}, exported on ${cellText(table.at, 'dateTime', table.timeZone)}. The file ${file.fileName} is attached.`,
          attachments: [file],
        });
        return {};
      },
    });
  });
}
