import { Spinner } from "../components/ui/spinner";

/** What shows while a page's code is still arriving. */
export function PageFallback() {
  return (
    <div className="grid min-h-dvh place-items-center">
      <Spinner label="Loading..." size="lg" />
    </div>
  );
}
