import { useRef, type ReactNode } from "react";
import { acceptedImageTypes } from "../api";

/** Spec section 5: choosing more files than allowed shows this alert and nothing is uploaded. */
export const tooManyFilesMessage = (maxFiles: number) => `Please select a maximum of ${maxFiles} file(s)`;

/**
 * A hidden image input opened by a button the caller renders. The input allows several files so that choosing
 * too many can be told apart from choosing one; more than `maxFiles` raises the spec's alert.
 */
export function ImagePicker({
  maxFiles,
  onPick,
  label,
  children,
}: {
  maxFiles: number;
  onPick: (files: File[]) => void;
  /** The input's accessible name. */
  label: string;
  children: (open: () => void) => ReactNode;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={inputRef}
        type="file"
        accept={acceptedImageTypes.join(",")}
        multiple
        aria-label={label}
        tabIndex={-1}
        className="sr-only"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = "";
          if (files.length === 0) return;
          if (files.length > maxFiles) {
            window.alert(tooManyFilesMessage(maxFiles));
            return;
          }
          onPick(files);
        }}
      />
      {children(() => inputRef.current?.click())}
    </>
  );
}
