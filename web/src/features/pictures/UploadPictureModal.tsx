import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../ui/Button';
import { InputField, TextAreaField } from '../../ui/FormField';
import { ImageFileField } from '../../ui/ImageFileField';
import { acceptedTypes, chosenFileProblem } from '../../ui/imageFile';
import { Message } from '../../ui/Message';
import { Modal } from '../../ui/Modal';
import { uploadFailureMessage } from './pictureMessages';
import { EMPTY_PICTURE, PICTURE_PART, type PictureDraft, pictureFormData, pictureUploadProblem } from './pictureUpload';
import { usePictureUpload } from './usePictureUpload';

interface UploadPictureModalProps {
  /** category names already used, suggested in the category field */
  categories: readonly string[];
  onClose: () => void;
  /** after a successful upload, with the spec's success text */
  onUploaded: (message: string) => void;
}

/** Upload a picture (image, title, description, category) with a progress bar; the form is checked before sending. */
export function UploadPictureModal({ categories, onClose, onUploaded }: UploadPictureModalProps) {
  const formId = useId();
  const categoryList = useId();
  const [draft, setDraft] = useState<PictureDraft>(EMPTY_PICTURE);
  const [problem, setProblem] = useState<string | null>(null);
  const { percent, upload, cancel } = usePictureUpload();
  const uploading = percent !== null;
  const set =
    <K extends keyof PictureDraft>(key: K) =>
    (value: PictureDraft[K]) =>
      setDraft((current) => ({ ...current, [key]: value }));

  function chooseFile(file: File | null) {
    set('file')(file);
    setProblem((file && chosenFileProblem(file, PICTURE_PART)) || null);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = pictureUploadProblem(draft);
    setProblem(found);
    if (found || !draft.file) return;
    try {
      await upload(pictureFormData({ ...draft, file: draft.file }));
      onUploaded('Picture uploaded successfully!');
    } catch (error) {
      setProblem(uploadFailureMessage(error));
    }
  }

  function close() {
    cancel();
    onClose();
  }

  return (
    <Modal
      open
      title="Upload Picture"
      onClose={close}
      footer={
        <>
          {uploading && (
            <div className="upload-progress">
              <progress max={100} value={percent} aria-label="Upload progress" />
              <span className="upload-progress__text" aria-live="polite">
                Uploading… {percent}%
              </span>
            </div>
          )}
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={uploading} busyLabel="Uploading...">
            Upload
          </Button>
        </>
      }
    >
      <form id={formId} className="picture-form" onSubmit={onSubmit} noValidate>
        <ImageFileField
          label="Picture"
          accept={acceptedTypes(PICTURE_PART)}
          file={draft.file}
          onChange={chooseFile}
          required
          hint="JPG, PNG, GIF or WebP, up to 10MB. Dealers download the original; the grid shows a small copy."
        />
        <InputField label="Title" value={draft.title} onChange={set('title')} required maxLength={200} />
        <TextAreaField
          label="Description"
          value={draft.description}
          onChange={set('description')}
          rows={3}
          maxLength={2000}
        />
        <InputField
          label="Category"
          value={draft.category}
          onChange={set('category')}
          list={categoryList}
          maxLength={100}
          placeholder="e.g. Blinds in the field"
        />
        <datalist id={categoryList}>
          {categories.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <Message text={problem} reveal />
      </form>
    </Modal>
  );
}
