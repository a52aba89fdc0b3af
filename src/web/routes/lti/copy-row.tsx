import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button";

/** A label, a value to paste into the learning platform, and a button that copies it. Used inside a <dl>. */
export function CopyRow({ label, value }: { label: string; value: string }) {
  const [isCopied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(value);
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  return (
    <div className="grid gap-1 sm:grid-cols-[14rem_1fr_auto] sm:items-center sm:gap-3">
      <dt className="text-sm font-medium">{label}</dt>
      <dd className="min-w-0 font-mono text-sm break-all">{value}</dd>
      <dd>
        <Button variant="outline" size="sm" onClick={() => void copy()} aria-label={`Copy ${label}`}>
          {isCopied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {isCopied ? "Copied" : "Copy"}
        </Button>
      </dd>
    </div>
  );
}
