import { PlayCircle } from "lucide-react";
import { useState } from "react";
import Markdown, { defaultUrlTransform, type Components } from "react-markdown";
import { Link } from "react-router";
import remarkGfm from "remark-gfm";
import { VideoDialog, type VideoSource } from "@/features/chat/components/media-dialogs";
import { useSession } from "@/lib/session";
import { cn } from "@/lib/utils";
import { appLinkTarget, videoSourceOf } from "../markdown-links";

/**
 * Markdown of FAQ answers and help articles, rendered without raw HTML (react-markdown never
 * injects HTML; `<script>` or `<img onerror>` in the text stays text). GitHub tables, lists and
 * task lists through remark-gfm. Two link forms of our own:
 * - `[title](app:/connect)`: a page of the app, opened in the reader's current account;
 * - `[title](video:youtube:ID)` or `[title](video:https://…/clip.mp4)`: a button that opens the
 *   §2.10 video dialog (a missing id or URL shows its warning there).
 */
export function HelpMarkdown({ children, className }: { children: string; className?: string }) {
  const [video, setVideo] = useState<VideoSource | null>(null);
  const { currentAccountId } = useSession();
  const components: Components = {
    a: ({ href = "", children: label }) => {
      const source = videoSourceOf(href);
      if (source)
        return (
          <button
            type="button"
            onClick={() => setVideo({ ...source, title: typeof label === "string" ? label : undefined })}
            className="my-1 inline-flex items-center gap-2 rounded-md border border-primary/30 bg-primary/8 px-3 py-1.5 font-medium text-primary no-underline hover:bg-primary/14 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            data-testid="help-video"
          >
            <PlayCircle className="size-4" aria-hidden />
            {label}
          </button>
        );
      const internal = appLinkTarget(href, currentAccountId);
      if (internal) return <Link to={internal}>{label}</Link>;
      return (
        <a href={href} target="_blank" rel="noopener noreferrer">
          {label}
        </a>
      );
    },
    img: ({ src, alt }) => (typeof src === "string" && src ? <img src={src} alt={alt ?? ""} loading="lazy" className="my-4 w-full rounded-lg border border-border" /> : null),
  };
  return (
    <div className={cn("help-prose", className)}>
      <Markdown remarkPlugins={[remarkGfm]} components={components} urlTransform={(url) => (url.startsWith("app:/") || url.startsWith("video:") ? url : defaultUrlTransform(url))}>
        {children}
      </Markdown>
      {video && <VideoDialog open onOpenChange={(open) => !open && setVideo(null)} source={video} />}
    </div>
  );
}
