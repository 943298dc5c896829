"""The AI worker: takes DecisionRequests from the shared JetStream work queue, decides from
the seat's view alone, and submits the action by request-reply like any client."""
