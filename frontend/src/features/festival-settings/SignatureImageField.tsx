import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { failureMessage } from '../../api/base-api';
import { FieldMessages, messageIds } from '../../components/FormField';
import { signatureImageUrl, useUploadSignatureImageMutation } from './festival-settings-api';
import { SIGNATURE_IMAGE, signatureFileError } from './settings-rules';
import './signature-image.css';

interface SignatureImageFieldProps {
  /** The signatory's place (1 to 3). */
  place: number;
  /** The signatory's name as typed, for the preview's text. */
  signatory: string;
  /** The uploaded image's id, or '' for none. */
  value: string;
  /** The form's error for the field: its rule's or the server's on a save. */
  error: string | undefined;
  onValueChange: (id: string) => void;
  name?: string;
  onBlur?: () => void;
  /** Told when an upload starts and ends, so the form is not saved without the image on its way. */
  onUploadingChange: (uploading: boolean) => void;
}

/**
 * A signatory's signature image: a file chosen is checked, then uploaded at once, and the form
 * keeps the id the server answers with; the image shows on white (a scan's own background, in
 * either theme). Remove forgets it here, and the certificates once saved; the server keeps it.
 */
export function SignatureImageField({ place, signatory, value, error, onValueChange, name, onBlur, onUploadingChange }: SignatureImageFieldProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [upload, { isLoading: uploading }] = useUploadSignatureImageMutation();
  // Why the last file chosen was refused: shown instead of the form's error until a file is taken or the image removed.
  const [uploadError, setUploadError] = useState<string>();
  // The keyboard goes back to the file input after a refusal or a removal; it is enabled again once the upload is over.
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest) inputRef.current?.focus();
  }, [focusRequest]);

  const shownError = uploadError ?? error;
  const hint = `PNG or JPEG, up to ${SIGNATURE_IMAGE.bytes / 1024} KB: a scan of the signature on white, cropped. Printed above the signatory's line.`;
  const { describedBy } = messageIds(id, { hint, error: shownError });

  const refuse = (message: string) => {
    setUploadError(message);
    setFocusRequest((n) => n + 1);
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The input holds no file once read: the form holds the uploaded image, and the same file may be chosen again.
    event.target.value = '';
    if (!file) return;
    const refusal = signatureFileError(file);
    if (refusal) {
      refuse(refusal);
      return;
    }
    setUploadError(undefined);
    onUploadingChange(true);
    const result = await upload(file);
    onUploadingChange(false);
    if (result.error) {
      refuse(failureMessage(result.error, 'Failed to upload the signature image'));
      return;
    }
    onValueChange(result.data.id);
  };

  const remove = () => {
    setUploadError(undefined);
    onValueChange('');
    setFocusRequest((n) => n + 1);
  };

  return (
    <div className="field" data-invalid={shownError ? true : undefined}>
      <label id={`${id}-label`} htmlFor={id}>{`Signatory ${place}: signature image (optional)`}</label>
      <input
        ref={inputRef}
        id={id}
        name={name}
        type="file"
        accept={SIGNATURE_IMAGE.types.join(',')}
        disabled={uploading}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => void choose(event)}
        onBlur={onBlur}
      />
      {uploading ? (
        <p className="field__hint" role="status">
          Uploading…
        </p>
      ) : (
        value && (
          <div className="signature-image">
            <div className="signature-image__paper">
              <img src={signatureImageUrl(value)} alt={`Signature of ${signatory.trim() || `Signatory ${place}`}`} />
            </div>
            <button type="button" className="button button--ghost button--small" aria-describedby={`${id}-label`} onClick={remove}>
              Remove
            </button>
          </div>
        )
      )}
      <FieldMessages id={id} hint={hint} error={shownError} />
    </div>
  );
}
