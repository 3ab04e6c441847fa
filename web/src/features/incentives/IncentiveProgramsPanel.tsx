import type { IncentiveProgram } from '@portal/contracts';
import { useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { downloadCsv } from '../../csv/writeCsv';
import { Button } from '../../ui/Button';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog';
import { Message } from '../../ui/Message';
import { selectToken } from '../session/sessionSlice';
import { downloadAchievementsCsv } from './achievementsExport';
import { PROGRAMS_CSV_FILENAME, PROGRAMS_CSV_HEADER, programCsvRow } from './incentiveCsv';
import {
  DELETE_FAILED,
  EXPORT_FAILED,
  PROGRAM_DELETED,
  programFailure,
  programSuccess,
  SAVE_FAILED,
} from './incentiveMessages';
import {
  useDeleteIncentiveProgramMutation,
  useGetIncentiveProgramsQuery,
  useToggleIncentiveProgramMutation,
} from './incentivesApi';
import { ProgramCard } from './ProgramCard';
import { ProgramFormModal } from './ProgramFormModal';
import './incentives.css';

/** The create/edit modal: closed, creating, or editing one program. */
type Editing = { program: IncentiveProgram | null } | null;
type ToDelete = { title: string; program: IncentiveProgram } | null;

/**
 * Incentive Programs (spec 000 §2, 001 §2): the programs with their tier tables; create, edit, enable or
 * disable and delete them; export each one's achievements and the list as incentive_programs.csv.
 */
export function IncentiveProgramsPanel() {
  const token = useAppSelector(selectToken);
  const { data: programs, isLoading } = useGetIncentiveProgramsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [toggle, { isLoading: toggling, originalArgs: toggled }] = useToggleIncentiveProgramMutation();
  const [remove, { isLoading: deleting }] = useDeleteIncentiveProgramMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const [toDelete, setToDelete] = useState<ToDelete>(null);
  const [exportingId, setExportingId] = useState<string | null>(null);
  const [notice, setNotice] = useState<string>();
  const list = programs ?? [];

  async function setEnabled(program: IncentiveProgram, enabled: boolean): Promise<boolean> {
    const result = await toggle({ params: { id: program.id }, body: { enabled } });
    setNotice(
      result.error
        ? programFailure(result.error, SAVE_FAILED)
        : programSuccess(result.data, enabled ? 'Program enabled' : 'Program disabled'),
    );
    return !result.error;
  }

  async function confirmDelete({ program }: { program: IncentiveProgram }) {
    const result = await remove({ params: { id: program.id } });
    setToDelete(null);
    setNotice(
      result.error ? programFailure(result.error, DELETE_FAILED) : programSuccess(result.data, PROGRAM_DELETED),
    );
  }

  async function exportAchievements(program: IncentiveProgram) {
    setExportingId(program.id);
    try {
      // every achievement as the server holds it now (they arrive from order events at any time), streamed
      await downloadAchievementsCsv(token, program);
    } catch (error) {
      setNotice(programFailure(error, EXPORT_FAILED));
    } finally {
      setExportingId(null);
    }
  }

  function exportPrograms() {
    try {
      downloadCsv(PROGRAMS_CSV_FILENAME, PROGRAMS_CSV_HEADER, list.map(programCsvRow));
    } catch (error) {
      setNotice(programFailure(error, EXPORT_FAILED));
    }
  }

  return (
    <section className="incentive-programs" aria-labelledby="incentive-programs-title">
      <header className="incentive-programs__header">
        <h3 id="incentive-programs-title">Incentive Programs ({list.length})</h3>
        <div className="button-row">
          <Button variant="secondary" onClick={exportPrograms} disabled={list.length === 0}>
            Export Programs CSV
          </Button>
          <Button onClick={() => setEditing({ program: null })}>Create Program</Button>
        </div>
      </header>
      <Message text={notice} />
      {isLoading && <p className="muted">Loading programs…</p>}
      {!isLoading && list.length === 0 && (
        <p className="muted incentive-empty">No incentive programs yet. Create the first one with Create Program.</p>
      )}
      <div className="incentive-programs__list">
        {list.map((program) => (
          <ProgramCard
            key={program.id}
            program={program}
            toggling={toggling && toggled?.params.id === program.id}
            exporting={exportingId === program.id}
            onToggle={setEnabled}
            onEdit={(chosen) => setEditing({ program: chosen })}
            onDelete={(chosen) => setToDelete({ title: chosen.program_name, program: chosen })}
            onExport={exportAchievements}
          />
        ))}
      </div>
      {editing && (
        <ProgramFormModal
          key={editing.program?.id ?? 'new'}
          program={editing.program}
          onClose={() => setEditing(null)}
          onSaved={(message) => {
            setEditing(null);
            setNotice(message);
          }}
        />
      )}
      <ConfirmDeleteDialog
        item={toDelete}
        noun="Program"
        consequence="Its tiers, achievements and pending notifications are deleted with it."
        deleting={deleting}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}
