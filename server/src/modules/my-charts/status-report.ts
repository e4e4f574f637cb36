import { createRequire } from 'node:module';
import type { Locale } from '@chartroom/contracts/constants';
import type { CellStatus, MyDevice } from '@chartroom/contracts/my-charts';
import PDFDocument from 'pdfkit';

// The ENC update status report of one device (issue 37; what a ship shows a port-state inspector,
// S-63 Annex C): CSV for spreadsheets, PDF made here with pdfkit in DejaVu Sans (Bitstream Vera
// licence, from the dejavu-fonts-ttf package), which has the Cyrillic the Russian report needs.

export interface StatusReportRow {
  name: string;
  heldEdition: number | null;
  heldUpdate: number | null;
  receivedAt: Date | null;
  latestEdition: number;
  latestUpdate: number;
  issueDate: string | null;
  status: CellStatus;
}

export interface StatusReport {
  locale: Locale;
  date: Date;
  device: MyDevice;
  rows: StatusReportRow[];
}

const words = {
  en: {
    title: 'ENC update status report',
    date: 'Report date',
    device: 'Device',
    installation: 'Installation',
    cells: 'Cells',
    columns: ['Cell', 'Edition held', 'Update held', 'Received', 'Latest edition', 'Latest update', 'Issue date', 'Status'],
    status: { current: 'Up to date', 'update-available': 'Update available', 'not-on-board': 'Not on board', expired: 'Licence expired' },
    none: 'No cells are licensed.',
  },
  ru: {
    title: 'Отчёт о состоянии обновления ЭНК',
    date: 'Дата отчёта',
    device: 'Устройство',
    installation: 'Установка',
    cells: 'Карт',
    columns: [
      'Карта',
      'Издание на борту',
      'Корректура на борту',
      'Получено',
      'Последнее издание',
      'Последняя корректура',
      'Дата выпуска',
      'Состояние',
    ],
    status: { current: 'Актуальна', 'update-available': 'Есть обновление', 'not-on-board': 'Нет на борту', expired: 'Лицензия истекла' },
    none: 'Лицензированных карт нет.',
  },
} satisfies Record<Locale, { status: Record<CellStatus, string> } & Record<string, unknown>>;

const day = (d: Date) => d.toISOString().slice(0, 10);
const orDash = (v: number | string | null) => (v === null || v === '' ? '-' : String(v));

function cellsOf(report: StatusReport): string[][] {
  const w = words[report.locale];
  return report.rows.map((r) => [
    r.name,
    orDash(r.heldEdition),
    orDash(r.heldUpdate),
    r.receivedAt ? day(r.receivedAt) : '-',
    String(r.latestEdition),
    String(r.latestUpdate),
    orDash(r.issueDate),
    w.status[r.status],
  ]);
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * The report as CSV (UTF-8 with a byte-order mark, so spreadsheets read the Cyrillic): the report's
 * title, date and device as name/value lines, an empty line, then one row per cell under a header.
 */
export function statusReportCsv(report: StatusReport): string {
  const w = words[report.locale];
  const lines = [
    [w.title],
    [w.date, day(report.date)],
    [w.device, report.device.deviceId],
    [w.installation, String(report.device.installationId)],
    [],
    w.columns,
    ...cellsOf(report),
  ];
  return '\ufeff' + lines.map((l) => l.map(csvField).join(',')).join('\r\n') + '\r\n';
}

const fontPath = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const boldFontPath = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/** The report as an A4 landscape PDF: a heading with date and device, then a table of the cells. */
export function statusReportPdf(report: StatusReport): Promise<Buffer> {
  const w = words[report.locale];
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 36, info: { Title: w.title } });
  doc.registerFont('body', fontPath);
  doc.registerFont('bold', boldFontPath);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('bold').fontSize(16).text(w.title);
  doc.moveDown(0.5);
  doc.font('body').fontSize(10);
  doc.text(`${w.date}: ${day(report.date)}`);
  doc.text(`${w.device}: ${report.device.deviceId}  (${w.installation} ${report.device.installationId})`);
  doc.text(`${w.cells}: ${report.rows.length}`);
  doc.moveDown();

  const widths = [90, 80, 90, 80, 90, 100, 80, 160];
  const left = doc.page.margins.left;
  const bottom = doc.page.height - doc.page.margins.bottom;
  const row = (values: string[], font: 'body' | 'bold') => {
    doc.font(font).fontSize(9);
    const height = Math.max(...values.map((v, i) => doc.heightOfString(v, { width: widths[i]! - 6 }))) + 4;
    if (doc.y + height > bottom) doc.addPage();
    const y = doc.y;
    let x = left;
    values.forEach((v, i) => {
      doc.text(v, x, y, { width: widths[i]! - 6, lineBreak: true });
      x += widths[i]!;
    });
    doc.x = left;
    doc.y = y + height;
  };
  row(w.columns, 'bold');
  if (report.rows.length === 0) doc.font('body').text(w.none, left);
  for (const values of cellsOf(report)) row(values, 'body');
  doc.end();
  return done;
}
