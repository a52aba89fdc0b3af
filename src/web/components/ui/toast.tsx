import { cva } from "class-variance-authority";
import { CircleAlert, CircleCheck, X } from "lucide-react";
import { Toast as ToastPrimitive } from "radix-ui";
import { useRef, type ComponentProps, type ReactNode } from "react";
import { cn } from "../../lib/utils";
import { Button } from "./button";
import { useToastPlacement, type ToastEdge } from "./use-toast-placement";
import { dismissToast, toastDurationMs, useToasts, type ToastVariant } from "./use-toast";

export { toast, dismissToast } from "./use-toast";

const toastVariants = cva(
  [
    "group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-xl border p-4 pr-11 shadow-overlay",
    "data-[state=open]:animate-slide-in data-[state=closed]:animate-fade-out",
    "data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:animate-swipe-out",
  ],
  {
    variants: {
      variant: {
        default: "border-border bg-surface text-foreground",
        destructive: "border-destructive/30 bg-destructive-soft text-destructive",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

function ToastViewport({ className, edge, ...props }: ComponentProps<typeof ToastPrimitive.Viewport> & { edge: ToastEdge }) {
  return (
    <ToastPrimitive.Viewport
      className={cn(
        "fixed right-0 z-[100] m-0 flex w-full list-none flex-col gap-2 p-3 outline-none sm:right-4 sm:max-w-sm sm:p-0",
        edge === "bottom" ? "bottom-0 sm:bottom-4" : "top-0 sm:top-4",
        className,
      )}
      {...props}
    />
  );
}

/**
 * Renders the toasts raised with `toast()`. Radix supplies the spec's behaviour: F8 moves focus to the
 * notification region, a swipe right of 50 px dismisses, and each toast closes by itself after 5000 ms.
 */
export function Toaster() {
  const toasts = useToasts();
  const viewport = useRef<HTMLOListElement>(null);
  const edge = useToastPlacement(viewport, toasts.filter((item) => item.open).length);
  return (
    <ToastPrimitive.Provider duration={toastDurationMs} swipeDirection="right" swipeThreshold={50} label="Notification">
      {toasts.map(({ id, title, description, variant, duration, open, action }) => (
        <ToastItem
          key={id}
          open={open}
          duration={duration}
          variant={variant ?? "default"}
          title={title}
          description={description}
          action={action}
          onOpenChange={(isOpen) => {
            if (!isOpen) dismissToast(id);
          }}
        />
      ))}
      <ToastViewport ref={viewport} edge={edge} />
    </ToastPrimitive.Provider>
  );
}

type ToastItemProps = Omit<ComponentProps<typeof ToastPrimitive.Root>, "title"> & {
  variant: ToastVariant;
  title?: ReactNode;
  description?: ReactNode;
  action?: { label: string; onClick: () => void };
};

function ToastItem({ variant, title, description, action, className, ...props }: ToastItemProps) {
  const Icon = variant === "destructive" ? CircleAlert : CircleCheck;
  return (
    <ToastPrimitive.Root
      type={variant === "destructive" ? "foreground" : "background"}
      className={cn(toastVariants({ variant }), className)}
      {...props}
    >
      <Icon aria-hidden className={cn("mt-0.5 size-5 shrink-0", variant === "destructive" ? "text-destructive" : "text-primary")} />
      <div className="grid min-w-0 gap-1">
        {title ? <ToastPrimitive.Title className="text-sm font-semibold">{title}</ToastPrimitive.Title> : null}
        {description ? (
          <ToastPrimitive.Description className={cn("text-sm leading-snug", variant === "destructive" ? "text-destructive/90" : "text-muted-foreground")}>
            {description}
          </ToastPrimitive.Description>
        ) : null}
        {action ? (
          <ToastPrimitive.Action altText={action.label} asChild>
            <Button variant="outline" size="sm" className="mt-1 justify-self-start" onClick={action.onClick}>
              {action.label}
            </Button>
          </ToastPrimitive.Action>
        ) : null}
      </div>
      <ToastPrimitive.Close
        aria-label="Dismiss notification"
        className={cn(
          "absolute top-3 right-3 inline-flex size-7 items-center justify-center rounded-md opacity-70 transition",
          "hover:bg-black/5 hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        )}
      >
        <X aria-hidden className="size-4" />
      </ToastPrimitive.Close>
    </ToastPrimitive.Root>
  );
}
