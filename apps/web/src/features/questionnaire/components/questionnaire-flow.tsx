import { messages } from '@mediadiet/contract/messages';
import { Button } from '@/components/ui/button';
import { Card, CardDescription } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useQuestions } from '@/features/questionnaire/api/get-questions';
import { QuestionnaireForm } from '@/features/questionnaire/components/questionnaire-form';

/** The questionnaire view: loads the questions (spec §7 GET /api/questionnaire), then the form. */
export function QuestionnaireFlow({ focusOnStart = false }: { focusOnStart?: boolean }) {
  const query = useQuestions();

  if (query.isPending) {
    return (
      <div className="flex min-h-60 items-center justify-center">
        <Spinner size="lg" label="Loading the questions" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div
        role="alert"
        className="flex max-w-3xl flex-wrap items-center gap-3 rounded-2xl border border-danger/30 bg-danger-soft p-5"
      >
        <p className="font-medium text-danger">{messages.loading.questionnaire}</p>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (query.data.length === 0) {
    return (
      <Card className="max-w-3xl">
        <CardDescription className="mt-0">
          There are no questions to answer right now. Please come back a little later.
        </CardDescription>
      </Card>
    );
  }
  return <QuestionnaireForm questions={query.data} focusOnStart={focusOnStart} />;
}
