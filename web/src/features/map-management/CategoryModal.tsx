import type { MapCategory } from '@portal/contracts';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../ui/Button';
import { InputField } from '../../ui/FormField';
import { Message } from '../../ui/Message';
import { Modal } from '../../ui/Modal';
import { markerColor } from '../locator/markers';
import { useMarkerUpload } from './useMarkerUpload';

export interface CategoryDraft {
  name: string;
  color: string;
  icon: string | null;
  iconSize: number;
}

interface CategoryModalProps {
  /** null: closed; a category: edit it; 'new': add one */
  editing: MapCategory | 'new' | null;
  error: string | null;
  onSave: (draft: CategoryDraft) => void;
  onClose: () => void;
}

const COLORS = ['blue', 'red', 'amber', 'green', 'purple', 'teal', 'orange', 'pink', 'gray', 'black'];

/** The category modal: name (the id follows from it), colour, marker image and icon size 5–50 %. */
export function CategoryModal({ editing, error, onSave, onClose }: CategoryModalProps) {
  const [draft, setDraft] = useState<CategoryDraft>({ name: '', color: 'green', icon: null, iconSize: 10 });
  const upload = useMarkerUpload();
  const ids = useId();
  const isNew = editing === 'new';

  useEffect(() => {
    if (editing === 'new') setDraft({ name: '', color: 'green', icon: null, iconSize: 10 });
    else if (editing)
      setDraft({ name: editing.name, color: editing.color, icon: editing.icon, iconSize: editing.iconSize });
  }, [editing]);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const url = await upload.send(file);
    if (url) setDraft((now) => ({ ...now, icon: url }));
  };

  return (
    <Modal
      open={editing !== null}
      title={isNew ? 'Add Category' : `Edit ${draft.name}`}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => onSave(draft)} disabled={upload.busy}>
            {isNew ? 'Add Category' : 'Apply'}
          </Button>
        </>
      }
    >
      <div className="settings-form">
        {isNew ? (
          <InputField
            label="Name"
            value={draft.name}
            onChange={(name) => setDraft((now) => ({ ...now, name }))}
            required
            placeholder="e.g. Pro Shop"
          />
        ) : (
          <p className="modal__text">
            <strong>{draft.name}</strong> <span className="geo-muted">({(editing as MapCategory | null)?.id})</span>
          </p>
        )}
        <fieldset className="map-colors">
          <legend>Marker colour</legend>
          {COLORS.map((color) => (
            <label key={color} className="map-color">
              <input
                type="radio"
                name={`${ids}-color`}
                value={color}
                checked={draft.color === color}
                onChange={() => setDraft((now) => ({ ...now, color }))}
              />
              <span className="map-swatch" style={{ background: markerColor('', color) }} aria-hidden="true" />
              {color}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor={`${ids}-icon`}>Marker image (optional)</label>
          <input
            id={`${ids}-icon`}
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            onChange={(event) => void onFile(event.target.files?.[0])}
          />
          <p className="field__hint">A PNG at 32×32 or 64×64 pixels works best (up to 1 MB).</p>
        </div>
        {upload.busy && <p role="status">Uploading marker image…</p>}
        <Message text={upload.message} tone="error" />
        {draft.icon && (
          <div className="map-icon-preview">
            <img src={draft.icon} alt="Marker preview" height={32} />
            <Button variant="secondary" onClick={() => setDraft((now) => ({ ...now, icon: null }))}>
              Remove Image
            </Button>
          </div>
        )}
        <div className="field">
          <label htmlFor={`${ids}-size`}>Icon size: {draft.iconSize}%</label>
          <input
            id={`${ids}-size`}
            type="range"
            min={5}
            max={50}
            step={1}
            value={draft.iconSize}
            onChange={(event) => setDraft((now) => ({ ...now, iconSize: Number(event.target.value) }))}
          />
        </div>
        <Message text={error} tone="error" />
      </div>
    </Modal>
  );
}
