// The Referee extension: it starts `referee lsp`, the referee's language
// server, for every language package.json declares, and leaves the rest
// (diagnostics, completion, hover, formatting, definitions, symbols) to
// it. Plain JavaScript, with no build step.
'use strict';

const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

const languages = require('./package.json').contributes.languages.map((l) => l.id);

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration('referee').get('path') || 'referee';
  const server = { command, args: ['lsp'] };
  client = new LanguageClient('referee', 'Referee', server, {
    // Saved files and unsaved ones alike: for an unsaved one, the server
    // takes the game from the language chosen for it.
    documentSelector: languages.flatMap((language) => [
      { scheme: 'file', language },
      { scheme: 'untitled', language },
    ]),
  });
  context.subscriptions.push(client);
  return client.start().catch((err) => {
    vscode.window.showErrorMessage(
      `Referee: cannot start "${command} lsp" (${err.message}). Install the referee command (go install ./cmd/referee) or set referee.path.`,
    );
  });
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
