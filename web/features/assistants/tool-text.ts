import { useTranslation } from "react-i18next";

/** What the worker says of a tool (GET /assistants/tools): its name, and its title and description in Russian. */
interface ToolLike {
  name: string;
  title?: string;
  description?: string;
}

const PLAIN_NAME = /^[a-z0-9_]+$/i;

/**
 * A tool's title and description in the interface language, from the `tools.<name>` entries of the
 * assistants namespace (the one place the tools' display names live); a tool the tables do not know
 * keeps the worker's own text.
 */
export function useToolText() {
  const { t } = useTranslation("assistants");
  return (tool: ToolLike) => {
    const title = tool.title || tool.name;
    const description = tool.description ?? "";
    if (!PLAIN_NAME.test(tool.name)) return { title, description };
    return {
      title: t(`tools.${tool.name}.title`, { defaultValue: title }),
      description: t(`tools.${tool.name}.description`, { defaultValue: description }),
    };
  };
}
