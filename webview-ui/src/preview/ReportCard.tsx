// What an export cannot carry as it is, asked before anything is written (Export or Cancel), or
// what an import brought in differently (Close): shown above the lesson it is about, grouped by
// exercise, in the words the core wrote for teachers. The host waits for the answer.
import { useLayoutEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import type { ExchangeReport, ReportAnswer } from '../../../src/shared/previewProtocol';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';
import { t } from './previewL10n';
import { PREVIEW_TEST_IDS } from './previewTestIds';

function counts(report: ExchangeReport): string {
  const questions = report.questions === 1 ? t('oneQuestion') : t('questions', report.questions);
  return report.exercises === 1 ? t('inOneExercise', questions) : t('inExercises', questions, report.exercises);
}

function heading(report: ExchangeReport): string {
  const format = report.format === 'gift' ? t('formatGift') : t('formatQti');
  return report.kind === 'export' ? t('reportExportTitle', format) : t('reportImportTitle', report.source ?? format);
}

function summary(report: ExchangeReport): string {
  if (report.kind === 'export') return t('reportExportSummary', counts(report));
  return report.notices.length > 0 ? t('reportImportSummary', counts(report)) : t('reportImportAll', counts(report));
}

/** The notices by place, in the order they came: each exercise once, with what happened to it. */
function byPlace(report: ExchangeReport): Array<{ place: string; messages: string[] }> {
  const places = [...new Set(report.notices.map((n) => n.place))];
  return places.map((place) => ({ place, messages: report.notices.filter((n) => n.place === place).map((n) => n.message) }));
}

export function ReportCard({ report, onAnswer }: { report: ExchangeReport; onAnswer: (answer: ReportAnswer) => void }): ReactNode {
  const first = useRef<HTMLElement>(null);
  // The answer is a keystroke away: the card's first button takes the focus as it appears, in the
  // same commit (an effect after paint would leave a keystroke typed in between on the page).
  useLayoutEffect(() => first.current?.focus({ preventScroll: true }), [report.id]);
  const asks = report.kind === 'export';
  return (
    <section className="banner banner-warning report-card" aria-labelledby={`report-${report.id}`} data-testid={PREVIEW_TEST_IDS.report} data-kind={report.kind}>
      <Icon name={asks ? 'warning' : 'info'} />
      <div className="banner-body">
        <h2 className="banner-title" id={`report-${report.id}`}>
          {heading(report)}
        </h2>
        <p className="banner-detail">{summary(report)}</p>
        <div className="report-notices">
          {byPlace(report).map(({ place, messages }) => (
            <div key={place} className="report-place" data-testid={PREVIEW_TEST_IDS.reportPlace}>
              <div className="report-place-name">{place}</div>
              <ul>
                {messages.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <div className="banner-actions report-actions">
          {asks ? (
            <>
              <Button ref={first} icon="export" onClick={() => onAnswer('export')} testId={PREVIEW_TEST_IDS.reportExport}>
                {t('reportExport')}
              </Button>
              <Button appearance="secondary" onClick={() => onAnswer('cancel')} testId={PREVIEW_TEST_IDS.reportCancel}>
                {t('reportCancel')}
              </Button>
            </>
          ) : (
            <Button ref={first} appearance="secondary" onClick={() => onAnswer('close')} testId={PREVIEW_TEST_IDS.reportClose}>
              {t('reportClose')}
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}
