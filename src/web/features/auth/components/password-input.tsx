import { Eye, EyeOff } from "lucide-react";
import { useState, type ComponentProps } from "react";
import { Input } from "../../../components/ui/input";
import { cn } from "../../../lib/utils";

/** A password field with a button that shows what was typed (useful on a phone keyboard). */
export function PasswordInput({ className, ...props }: Omit<ComponentProps<"input">, "type">) {
  const [isVisible, setIsVisible] = useState(false);
  const Icon = isVisible ? EyeOff : Eye;
  return (
    <div className="relative">
      <Input type={isVisible ? "text" : "password"} className={cn("pr-11", className)} autoCapitalize="none" spellCheck={false} {...props} />
      <button
        type="button"
        onClick={() => setIsVisible((visible) => !visible)}
        aria-label={isVisible ? "Hide password" : "Show password"}
        aria-controls={props.id}
        className={cn(
          "absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center rounded-r-lg text-muted-foreground transition-colors",
          "hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset",
        )}
      >
        <Icon aria-hidden className="size-4" />
      </button>
    </div>
  );
}
