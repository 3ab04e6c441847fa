import type { IncentiveProgram } from '@portal/contracts';
import { type FormEvent, useId, useState } from 'react';
import { InputField } from '../../ui/FormField';
import { FormModalFooter } from '../../ui/FormModalFooter';
import { Message } from '../../ui/Message';
import { Modal } from '../../ui/Modal';
import { useDateFormat } from '../company/useDateFormat';
import {
  CREATE_FAILED,
  PROGRAM_CREATED,
  PROGRAM_UPDATED,
  programFailure,
  programSuccess,
  SAVE_FAILED,
} from './incentiveMessages';
import { useCreateIncentiveProgramMutation, useUpdateIncentiveProgramMutation } from './incentivesApi';
import {
  type DraftProblem,
  draftProblem,
  newProgramDraft,
  type ProgramDraft,
  programDraft,
  programRequest,
} from './programDraft';
import { TierEditor } from './TierEditor';

interface ProgramFormModalProps {
  /** null creates a new program */
  program: IncentiveProgram | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/** The create-program and edit-program modals (spec 000 §2): the program's fields and its tier editor. */
export function ProgramFormModal({ program, onClose, onSaved }: ProgramFormModalProps) {
  const dates = useDateFormat();
  const [draft, setDraft] = useState<ProgramDraft>(() =>
    program ? programDraft(program) : newProgramDraft(dates.day(new Date())),
  );
  const [problem, setProblem] = useState<DraftProblem | null>(null);
  const [create, { isLoading: creating }] = useCreateIncentiveProgramMutation();
  const [update, { isLoading: updating }] = useUpdateIncentiveProgramMutation();
  const formId = useId();
  const change = (next: Partial<ProgramDraft>) => {
    setDraft((current) => ({ ...current, ...next }));
    // the problem shown was about the form as it was
    setProblem(null);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = draftProblem(draft);
    setProblem(found);
    if (found) return;
    const body = programRequest(draft);
    if (program) {
      const result = await update({ params: { id: program.id }, body });
      if (result.error) setProblem({ message: programFailure(result.error, SAVE_FAILED) });
      else onSaved(programSuccess(result.data, PROGRAM_UPDATED));
    } else {
      const result = await create({ body });
      if (result.error) setProblem({ message: programFailure(result.error, CREATE_FAILED) });
      else onSaved(programSuccess(result.data, PROGRAM_CREATED));
    }
  }

  const busy = creating || updating;
  return (
    <Modal
      open
      title={program ? 'Edit Program' : 'Create Program'}
      onClose={onClose}
      size="wide"
      footer={
        <FormModalFooter
          formId={formId}
          submitLabel={program ? 'Save Changes' : 'Create Program'}
          busy={busy}
          busyLabel="Saving..."
          onCancel={onClose}
        />
      }
    >
      <form id={formId} className="program-form" onSubmit={submit} noValidate>
        <InputField
          className="program-form__name"
          label="Program Name"
          value={draft.program_name}
          maxLength={200}
          required
          onChange={(program_name) => change({ program_name })}
        />
        <InputField
          label="Start Date"
          type="date"
          value={draft.start_date}
          required
          onChange={(start_date) => change({ start_date })}
        />
        <InputField
          label="End Date"
          type="date"
          value={draft.end_date}
          min={draft.start_date || undefined}
          required
          onChange={(end_date) => change({ end_date })}
        />
        <label className="incentive-check program-form__enabled">
          <input
            type="checkbox"
            checked={draft.enabled}
            onChange={(event) => change({ enabled: event.target.checked })}
          />
          Enabled
        </label>
        <div className="program-form__tiers">
          <TierEditor tiers={draft.tiers} onChange={(tiers) => change({ tiers })} invalidIndex={problem?.tierIndex} />
        </div>
        <div className="program-form__problem">
          <Message text={problem?.message} tone="error" reveal />
        </div>
      </form>
    </Modal>
  );
}
