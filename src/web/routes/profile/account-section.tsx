import { ImageUp, LoaderCircle, Trash2 } from "lucide-react";
import { useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { authMessages, usernameField } from "../../../contracts/auth";
import { avatarLimits } from "../../../contracts/profile";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { toast } from "../../components/ui/toast";
import { authErrorMessage, removeAvatar, updateUsername, uploadAvatar } from "../../features/auth/account-api";
import type { SessionUser } from "../../features/auth/api";
import { FormField, fieldProps } from "../../features/auth/components/form-field";
import { UserAvatar } from "../../features/auth/components/user-menu";
import { useSession } from "../../features/auth/session";
import { SectionCard } from "./section-card";

const maxKb = Math.round(avatarLimits.maxBytes / 1024);
const acceptedTypes: readonly string[] = avatarLimits.mimeTypes;

/** Photo, e-mail (read only) and username. */
export function AccountSection({ user }: { user: SessionUser }) {
  return (
    <SectionCard id="profile-account" title="Account" description="How you appear in Markwise and how you sign in.">
      <div className="grid gap-6">
        <AvatarEditor user={user} />
        <div className="grid gap-2">
          <p className="text-sm font-medium">Email</p>
          <p className="text-sm break-all text-muted-foreground">{user.email}</p>
        </div>
        <UsernameForm current={user.username ?? ""} />
      </div>
    </SectionCard>
  );
}

function AvatarEditor({ user }: { user: SessionUser }) {
  const { refresh } = useSession();
  const fileRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<"uploading" | "removing" | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    if (!acceptedTypes.includes(file.type)) return setError("Choose a PNG, JPEG, WebP or GIF image.");
    if (file.size > avatarLimits.maxBytes) return setError(`The image is too large. Choose one under ${maxKb} KB.`);
    setError(null);
    setBusy("uploading");
    try {
      await uploadAvatar(file);
      await refresh();
      toast({ title: "Photo updated" });
    } catch (failure) {
      setError(authErrorMessage(failure));
    } finally {
      setBusy(null);
    }
  }

  async function handleRemove() {
    setError(null);
    setBusy("removing");
    try {
      await removeAvatar();
      await refresh();
      toast({ title: "Photo removed" });
    } catch (failure) {
      setError(authErrorMessage(failure));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="flex items-center gap-4">
      <UserAvatar user={user} className="size-20" fallbackClassName="text-xl" />
      <div className="grid gap-2">
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => fileRef.current?.click()} disabled={busy !== null}>
            {busy === "uploading" ? <LoaderCircle aria-hidden className="animate-spin" /> : <ImageUp aria-hidden />}
            {busy === "uploading" ? "Uploading..." : user.image ? "Change photo" : "Upload photo"}
          </Button>
          {user.image ? (
            <Button variant="ghost" size="sm" onClick={() => void handleRemove()} disabled={busy !== null}>
              {busy === "removing" ? <LoaderCircle aria-hidden className="animate-spin" /> : <Trash2 aria-hidden />}
              {busy === "removing" ? "Removing..." : "Remove photo"}
            </Button>
          ) : null}
        </div>
        <p id="avatar-hint" className="text-[0.8125rem] text-muted-foreground">
          PNG, JPEG, WebP or GIF, up to {maxKb} KB. Only you can see it.
        </p>
        {error ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : null}
        <input
          ref={fileRef}
          type="file"
          accept={acceptedTypes.join(",")}
          className="hidden"
          aria-label="Photo file"
          aria-describedby="avatar-hint"
          onChange={(event) => void handleFile(event)}
        />
      </div>
    </div>
  );
}

function UsernameForm({ current }: { current: string }) {
  const { refresh } = useSession();
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | undefined>();
  const [isSaving, setIsSaving] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const isUnchanged = value.trim().toLowerCase() === current.toLowerCase();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSaving || isUnchanged) return;
    const parsed = usernameField.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? authMessages.usernameRequired);
      return inputRef.current?.focus();
    }
    setIsSaving(true);
    try {
      await updateUsername(parsed.data);
      await refresh();
      toast({ title: "Username saved", description: `You can sign in as ${parsed.data.toLowerCase()}.` });
    } catch (failure) {
      setError(authErrorMessage(failure));
      inputRef.current?.focus();
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-3" aria-busy={isSaving}>
      <FormField id="profile-username" label="Username" error={error} hint="The name you go by, spaces and accents included. You can sign in with it instead of your email.">
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            ref={inputRef}
            {...fieldProps("profile-username", { error, hint: true })}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setError(undefined);
            }}
          />
          <Button type="submit" variant="outline" disabled={isSaving || isUnchanged} className="sm:min-w-32">
            {isSaving ? <LoaderCircle aria-hidden className="animate-spin" /> : null}
            {isSaving ? "Saving..." : "Save username"}
          </Button>
        </div>
      </FormField>
    </form>
  );
}
