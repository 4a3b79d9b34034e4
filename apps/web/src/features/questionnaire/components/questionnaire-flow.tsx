import { messages } from '@mediadiet/contract/messages';
import { Card, CardDescription } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { useQuestions } from '@/features/questionnaire/api/get-questions';
import { QuestionnaireForm } from '@/features/questionnaire/components/questionnaire-form';

/** The questionnaire view: loads the questions (spec §7 GET /api/questionnaire), then the form. */
export function QuestionnaireFlow({ focusOnStart = false }: { focusOnStart?: boolean }) {
  const query = useQuestions();

  if (query.isPending) {
    return <PageSpinner className="min-h-60" label="Loading the questions" />;
  }
  if (query.isError) {
    return (
      <LoadError
        title={messages.loading.questionnaire}
        onRetry={() => void query.refetch()}
        className="max-w-3xl"
      />
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
