import { Download, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { accountExportUrl } from "../../features/account/api";
import { DeleteAccountDialog } from "./delete-account-dialog";
import { SectionCard } from "./section-card";

/** The privacy page's promises, where it says they are: a copy of everything, and closing the account. */
export function DataSection() {
  const [isDeleting, setIsDeleting] = useState(false);
  return (
    <SectionCard id="profile-data" title="Your data" description="Take a copy of everything Markwise keeps for you, or delete your account.">
      <div className="grid gap-6">
        <div className="grid gap-3">
          <p className="text-sm leading-relaxed text-muted-foreground">
            A zip file with your account, settings, assignments, student work, grades, feedback and chat as JSON, and every file you
            uploaded.
          </p>
          <Button asChild variant="outline" className="justify-self-start">
            <a href={accountExportUrl} download>
              <Download aria-hidden />
              Download my data
            </a>
          </Button>
        </div>
        <div className="grid gap-3 border-t border-border pt-5">
          <p className="text-sm leading-relaxed text-muted-foreground">
            Deleting your account removes it and everything stored with it, for good. Download your data first if you want to keep it.
          </p>
          <Button variant="destructive" className="justify-self-start" onClick={() => setIsDeleting(true)}>
            <Trash2 aria-hidden />
            Delete account
          </Button>
        </div>
      </div>
      <DeleteAccountDialog open={isDeleting} onOpenChange={setIsDeleting} />
    </SectionCard>
  );
}
