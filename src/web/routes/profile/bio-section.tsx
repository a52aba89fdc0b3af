import { useQuery, useQueryClient } from "@tanstack/react-query";
import { LoaderCircle } from "lucide-react";
import { useState, type FormEvent } from "react";
import { profileTextInput } from "../../../contracts/auth";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { Textarea } from "../../components/ui/textarea";
import { toast } from "../../components/ui/toast";
import { authErrorMessage, bioQueryKey, fetchBio, saveBio } from "../../features/auth/account-api";
import { FormField, fieldProps } from "../../features/auth/components/form-field";
import { FormMessage } from "../../features/auth/components/form-message";
import { SectionCard } from "./section-card";

const bioMax = profileTextInput.shape.bio.maxLength ?? 2000;

/** The teacher's bio (table profiles): saving updates the row, or creates it the first time. */
export function BioSection() {
  const bio = useQuery({ queryKey: bioQueryKey, queryFn: fetchBio });
  return (
    <SectionCard id="profile-bio" title="About you" description="A few lines about what and whom you teach. Markwise reads it when it drafts feedback in your voice.">
      {bio.isPending ? (
        <Spinner label="Loading..." />
      ) : bio.isError ? (
        <FormMessage tone="error" action={<Button variant="outline" size="sm" className="justify-self-start" onClick={() => void bio.refetch()}>Try again</Button>}>
          {authErrorMessage(bio.error)}
        </FormMessage>
      ) : (
        <BioForm saved={bio.data} />
      )}
    </SectionCard>
  );
}

function BioForm({ saved }: { saved: string }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState(saved);
  const [error, setError] = useState<string | undefined>();
  const [isSaving, setIsSaving] = useState(false);
  const isUnchanged = value === saved;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSaving || isUnchanged) return;
    const parsed = profileTextInput.safeParse({ bio: value });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setIsSaving(true);
    try {
      const stored = await saveBio(parsed.data.bio);
      queryClient.setQueryData(bioQueryKey, stored);
      setValue(stored);
      toast({ title: "Bio saved" });
    } catch (failure) {
      setError(authErrorMessage(failure));
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-4" aria-busy={isSaving}>
      <FormField id="profile-bio-text" label="Bio" error={error} hint={`${value.length} / ${bioMax} characters`}>
        <Textarea
          {...fieldProps("profile-bio-text", { error, hint: true })}
          name="bio"
          rows={5}
          placeholder="e.g. I teach 9th and 10th grade English at Lincoln High. I care most about clear arguments and evidence."
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setError(undefined);
          }}
        />
      </FormField>
      <Button type="submit" variant="outline" disabled={isSaving || isUnchanged} className="justify-self-start sm:min-w-32">
        {isSaving ? <LoaderCircle aria-hidden className="animate-spin" /> : null}
        {isSaving ? "Saving..." : "Save bio"}
      </Button>
    </form>
  );
}
