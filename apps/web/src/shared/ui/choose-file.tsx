import { useRef } from 'react';
import { Button } from 'primereact/button';
import { ACCEPTED_IMAGE_TYPES } from '@tillpoint/contracts/page-settings';
import { useBusy } from './use-busy';

type Props = {
  /** Names the button ('Choose {label}') and the file input. */
  label: string;
  disabled?: boolean;
  /** Asked before the file chooser opens (e.g. whether the upload service answers); false keeps it shut. */
  beforeOpen?: () => Promise<boolean>;
  onFile: (file: File) => void;
  accept?: readonly string[];
};

/** A 'Choose' button over a hidden file input (images by default); the input is emptied after each pick. */
export function ChooseFile({ label, disabled, beforeOpen, onFile, accept = ACCEPTED_IMAGE_TYPES }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [checking, run] = useBusy();
  const open = async () => {
    if (!beforeOpen || (await run(beforeOpen()))) input.current?.click();
  };
  return (
    <>
      <Button type="button" label="Choose" icon="pi pi-upload" size="small" outlined aria-label={`Choose ${label}`} disabled={disabled} loading={checking} onClick={() => void open()} />
      <input
        ref={input}
        type="file"
        hidden
        accept={accept.join(',')}
        aria-label={label}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}
