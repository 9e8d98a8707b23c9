extension Templates {
    /// The experiment form: variations and weights, coverage, the condition builder, goal, guardrails,
    /// minimum detectable effect, hypothesis, and each variation's step changes with links to the step editor.
    static let experimentForm = """
        <p class="crumbs"><a href="/apps">Apps</a> › <a href="/apps/{{appID}}">{{appName}}</a> › <a href="/apps/{{appID}}/revisions/{{revision}}">Revision {{revision}}</a> ›</p>
        <h1>{{heading}}</h1>
        <p class="hint">Saving makes a new revision from revision {{revision}} with this experiment{{#isNew}} added{{/isNew}}{{^isNew}} changed{{/isNew}}, checked like an upload; it is a draft until a publisher publishes it.</p>
        {{#message}}<p class="notice error" role="alert">{{message}}</p>{{/message}}
        {{> diagnostics}}
        {{#subjectChoosable}}
        <form method="get" action="{{action}}" class="inline" aria-label="Flow">
        <label for="flow-choice">Applies to</label>
        <select id="flow-choice" name="flow">{{#subjectChoices}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/subjectChoices}}</select>
        <button type="submit">Show its goals and steps</button>
        </form>
        {{/subjectChoosable}}
        {{^subjectChoosable}}<p>Applies to {{subjectLabel}}: the steps its variations change decide it.</p>{{/subjectChoosable}}
        <form method="post" action="{{action}}" class="stack experiment-form">
        <button type="submit" name="action" value="save" class="default-action" tabindex="-1" aria-hidden="true">Save</button>
        <input type="hidden" name="csrf" value="{{csrf}}">
        <input type="hidden" name="flow" value="{{subject}}">
        <div class="field" data-field="key">
        {{#isNew}}<label for="key">Key</label>
        <input id="key" name="key" value="{{key}}" required pattern="[A-Za-z0-9._\\-]+" aria-describedby="key-hint">
        <p class="hint" id="key-hint">Letters, digits, <code>.</code>, <code>_</code> and <code>-</code>; events and reports name the experiment by it.</p>{{/isNew}}
        {{^isNew}}<p>Key <code>{{key}}</code></p><input type="hidden" name="key" value="{{key}}">{{/isNew}}
        {{#keyProblems}}{{> fieldProblems}}{{/keyProblems}}
        </div>
        <fieldset class="field" data-field="variations">
        <legend>Variations and weights</legend>
        <p class="hint">The first is the control: users outside the experiment get it. Weights are percentages that add up to 100 (the document stores them as shares from 0 to 1); leave them all empty to split users equally.{{^isNew}} A running experiment's variations stay as they are.{{/isNew}}</p>
        {{#variationsProblems}}{{> fieldProblems}}{{/variationsProblems}}
        {{#variations}}
        <div class="row" data-field="variation-{{index}}">
        {{#nameEditable}}<label for="variation-{{index}}-name">Name{{#isControl}} (control){{/isControl}}</label>
        <input id="variation-{{index}}-name" name="variation-{{index}}-name" value="{{name}}">{{/nameEditable}}
        {{^nameEditable}}<span><code>{{name}}</code>{{#isControl}} (control){{/isControl}}</span><input type="hidden" name="variation-{{index}}-name" value="{{name}}">{{/nameEditable}}
        <label for="variation-{{index}}-weight">Weight (%)</label>
        <input id="variation-{{index}}-weight" name="variation-{{index}}-weight" value="{{weight}}" inputmode="decimal" size="6">
        {{#nameProblems}}{{> fieldProblems}}{{/nameProblems}}
        {{#weightProblems}}{{> fieldProblems}}{{/weightProblems}}
        </div>
        {{/variations}}
        {{#weightsProblems}}{{> fieldProblems}}{{/weightsProblems}}
        {{#isNew}}<button type="submit" name="action" value="add-variation" class="secondary">Add a variation</button>{{/isNew}}
        </fieldset>
        <div class="field" data-field="coverage">
        <label for="coverage">Coverage (% of users who take part)</label>
        <input id="coverage" name="coverage" value="{{coverage}}" inputmode="decimal" size="6" placeholder="100" aria-describedby="coverage-hint">
        <p class="hint" id="coverage-hint">Empty: everyone. The document stores it as a share from 0 to 1.</p>
        {{#coverageProblems}}{{> fieldProblems}}{{/coverageProblems}}
        </div>
        <fieldset class="field" data-field="condition">
        <legend>Who may take part</legend>
        {{#conditionRows}}
        <div class="row" data-field="condition-{{index}}">
        <label for="condition-{{index}}-attribute">Attribute</label>
        <input id="condition-{{index}}-attribute" name="condition-{{index}}-attribute" value="{{attribute}}" size="14">
        <label for="condition-{{index}}-operator">Operator</label>
        <select id="condition-{{index}}-operator" name="condition-{{index}}-operator">{{#operators}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/operators}}</select>
        <label for="condition-{{index}}-value">Value</label>
        <input id="condition-{{index}}-value" name="condition-{{index}}-value" value="{{value}}" size="18">
        {{#problems}}{{> fieldProblems}}{{/problems}}
        </div>
        {{/conditionRows}}
        {{^conditionWords}}<p class="hint">Every row must hold (AND); a user with no row filled in takes part. Values: a number, true or false, a text (in double quotes to keep <code>"42"</code> a text); for “is one of”, items separated by commas.</p>
        <button type="submit" name="action" value="add-condition" class="secondary">Add a condition row</button>{{/conditionWords}}
        {{#conditionWords}}<p>Only users for whom this holds take part: <strong>{{conditionWords}}</strong>.</p>
        <p class="hint">This condition cannot be written as rows of this form, so it is shown in words and kept as it is when you save.</p>{{/conditionWords}}
        {{#conditionProblems}}{{> fieldProblems}}{{/conditionProblems}}
        </fieldset>
        <div class="field" data-field="goal">
        <label for="goal">Goal</label>
        <select id="goal" name="goal">{{#goals}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/goals}}</select>
        <p class="hint">What the report counts as a conversion after exposure.</p>
        {{#goalProblems}}{{> fieldProblems}}{{/goalProblems}}
        </div>
        <fieldset class="field" data-field="guardrails">
        <legend>Guardrails: goals that must not get worse</legend>
        {{#guardrails}}<label class="check"><input type="checkbox" id="{{id}}" name="guardrail" value="{{value}}"{{#checked}} checked{{/checked}}> {{label}}</label>
        {{/guardrails}}
        {{#guardrailsProblems}}{{> fieldProblems}}{{/guardrailsProblems}}
        </fieldset>
        <div class="field" data-field="minimumDetectableEffect">
        <label for="minimumDetectableEffect">Minimum detectable effect (%)</label>
        <input id="minimumDetectableEffect" name="minimumDetectableEffect" value="{{minimumDetectableEffect}}" inputmode="decimal" size="6" placeholder="10" aria-describedby="mde-hint">
        <p class="hint" id="mde-hint">The smallest relative uplift worth detecting: 10 means a 10% better rate. Empty: 10%. It sizes the test (users needed, days left).</p>
        {{#minimumDetectableEffectProblems}}{{> fieldProblems}}{{/minimumDetectableEffectProblems}}
        </div>
        <div class="field" data-field="hypothesis">
        <label for="hypothesis">Hypothesis</label>
        <textarea id="hypothesis" name="hypothesis" rows="3" cols="60">{{hypothesis}}</textarea>
        <p class="hint">What you expect and why; shown on the experiment page and kept in its conclusion.</p>
        {{#hypothesisProblems}}{{> fieldProblems}}{{/hypothesisProblems}}
        </div>
        <button type="submit" name="action" value="save">{{#isNew}}Add the experiment{{/isNew}}{{^isNew}}Save the experiment{{/isNew}}</button>
        </form>
        <section aria-labelledby="step-changes" data-field="changes">
        <h2 id="step-changes">What each variation changes</h2>
        {{#changesProblems}}{{> fieldProblems}}{{/changesProblems}}
        {{#isNew}}<p>Add the experiment first; its revision's page then links here, where each variation's steps are changed in the step editor.</p>{{/isNew}}
        {{#variationChanges}}
        <h3 data-variation="{{name}}">{{name}}{{#isControl}} (control){{/isControl}}</h3>
        {{#hasChanges}}<ul>{{#changes}}<li>{{.}}</li>{{/changes}}</ul>{{/hasChanges}}
        {{^hasChanges}}<p class="hint">No change: this variation sees the steps as written.</p>{{/hasChanges}}
        <p>Change a step for {{name}}: {{#links}}<a href="{{href}}">{{step}}</a> {{/links}}</p>
        {{/variationChanges}}
        </section>
        """
}
