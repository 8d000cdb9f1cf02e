import type { ChatCompletionFunctionTool } from 'openai/resources/chat/completions';
import { z } from 'zod';
import { DATA_TOOLS, findDataTool } from '../tools/data-tools.js';
import type { ToolContext } from '../tools/tool-context.js';

/** The data tools in the `tools` format of the chat completions API. */
export const OPENAI_TOOL_SPECS: ChatCompletionFunctionTool[] = DATA_TOOLS.map((tool) => {
  const { $schema: _dialect, ...parameters } = z.toJSONSchema(tool.args);
  return { type: 'function', function: { name: tool.name, description: tool.description, parameters } };
});

function parseArguments(text: string): unknown {
  try {
    return text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Runs one tool call of the model and answers the JSON the model reads back. A bad call (an
 * unknown tool, arguments that do not fit) is the model's mistake: it gets an error it can
 * correct, and the question does not fail. Database errors are ours and do fail it.
 */
export async function runToolCall(context: ToolContext, name: string, argumentText: string): Promise<string> {
  const tool = findDataTool(name);
  if (!tool) return JSON.stringify({ error: `Unknown tool ${name}. Available: ${DATA_TOOLS.map((known) => known.name).join(', ')}` });
  const args = tool.args.safeParse(parseArguments(argumentText));
  if (!args.success) return JSON.stringify({ error: `Invalid arguments for ${name}: ${z.prettifyError(args.error)}` });
  return JSON.stringify(await tool.run(context, args.data));
}
